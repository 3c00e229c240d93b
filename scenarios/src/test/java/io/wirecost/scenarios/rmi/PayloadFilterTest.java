package io.wirecost.scenarios.rmi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wirecost.scenarios.payload.PayloadData;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.UnmarshalException;
import java.rmi.server.UnicastRemoteObject;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link RmiScenario#PAYLOAD_FILTER}: the PayloadTester's server admits what its requests carry (strings,
 * seed 003's int arrays) and rejects anything else, the payload classes included, since those travel only
 * in responses. Shown on an object exported the same way whose method takes an Object.
 */
class PayloadFilterTest {

    public interface Echo extends Remote {
        Object echo(Object o) throws RemoteException;
    }

    static final class EchoImpl implements Echo {
        final List<Object> seen = new ArrayList<>();

        @Override
        public Object echo(Object o) {
            seen.add(o);
            return o;
        }
    }

    EchoImpl impl;
    Echo stub;

    @BeforeEach
    void export() throws Exception {
        impl = new EchoImpl();
        stub = (Echo) UnicastRemoteObject.exportObject(impl, 0, null, null, RmiScenario.PAYLOAD_FILTER);
    }

    @AfterEach
    void unexport() throws Exception {
        UnicastRemoteObject.unexportObject(impl, true);
    }

    @Test
    void admitsStringsAndIntArrays() throws Exception {
        int[] a = PayloadData.ints(1000);
        assertArrayEquals(a, (int[]) stub.echo(a));
        assertEquals("key", stub.echo("key"));
    }

    @Test
    void rejectsOtherClassesBeforeTheServiceSeesThem() {
        assertRejected(new java.util.HashMap<>());
        assertRejected(PayloadData.data2(1)); // Data2 never travels to the server
        assertRejected(new Integer[] {1});
        // primitive arrays pass every class pattern (JEP 290 matches their element type); the size limit holds
        // them, and the server drops the connection before reading the rest (the client sees a broken pipe)
        assertThrows(
                RemoteException.class, () -> stub.echo(new int[io.wirecost.scenarios.payload.Payload.MAX_INTS + 1]));
        assertEquals(0, impl.seen.size(), "nothing rejected reached the service");
    }

    private void assertRejected(Object o) {
        RemoteException e = assertThrows(RemoteException.class, () -> stub.echo(o));
        Throwable c = e;
        while (c != null && !(c instanceof UnmarshalException)) c = c.getCause();
        assertTrue(
                c != null
                        && c.getCause() instanceof java.io.InvalidClassException
                        && c.getCause().getMessage().contains("REJECTED"),
                o.getClass() + ": " + e);
    }
}
