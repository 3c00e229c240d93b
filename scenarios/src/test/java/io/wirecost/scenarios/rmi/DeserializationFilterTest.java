package io.wirecost.scenarios.rmi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InvalidClassException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.server.UnicastRemoteObject;
import java.util.HashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The JEP 290 filter the RMI scenarios export with ({@link RmiScenario#FILTER}) admits strings and
 * boxed numbers and rejects anything else, before it is instantiated. RTTTester's own methods take no
 * arguments, so the filter is shown on an object exported the same way whose method takes an Object.
 */
class DeserializationFilterTest {

    public interface Echo extends Remote {
        Object echo(Object o) throws RemoteException;
    }

    static final class EchoImpl implements Echo {
        int calls;

        @Override
        public Object echo(Object o) {
            calls++;
            return o;
        }
    }

    EchoImpl impl;
    Echo stub;

    @BeforeEach
    void export() throws Exception {
        impl = new EchoImpl();
        stub = (Echo) UnicastRemoteObject.exportObject(impl, 0, null, null, RmiScenario.FILTER);
    }

    @AfterEach
    void unexport() throws Exception {
        UnicastRemoteObject.unexportObject(impl, true);
    }

    @Test
    void allowedTypesPass() throws Exception {
        assertEquals("hello", stub.echo("hello"));
        assertEquals(42, stub.echo(42));
    }

    @Test
    void aDisallowedObjectIsRejectedBeforeTheServiceSeesIt() {
        HashMap<String, String> gadget = new HashMap<>();
        gadget.put("a", "b");
        RemoteException e = assertThrows(RemoteException.class, () -> stub.echo(gadget));
        boolean filtered = false;
        for (Throwable t = e; t != null; t = t.getCause()) {
            filtered |= t instanceof InvalidClassException
                    && String.valueOf(t.getMessage()).contains("REJECTED");
        }
        assertTrue(filtered, "rejected by the deserialization filter: " + e);
        assertEquals(0, impl.calls, "the service was never reached");
    }
}
