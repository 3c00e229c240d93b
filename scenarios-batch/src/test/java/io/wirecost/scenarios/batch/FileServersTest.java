package io.wirecost.scenarios.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wirecost.scenarios.batch.files.FileResult;
import io.wirecost.scenarios.batch.files.FileStore;
import io.wirecost.scenarios.batch.files.Request;
import io.wirecost.scenarios.batch.rmi.Container;
import io.wirecost.scenarios.batch.rmi.FileNotFound;
import io.wirecost.scenarios.batch.rmi.ResourceServer;
import io.wirecost.scenarios.batch.rmi.RmiFileServer;
import io.wirecost.scenarios.batch.ws.MetroServer;
import io.wirecost.scenarios.batch.ws.ResourceService;
import io.wirecost.scenarios.batch.ws.WsClients;
import java.io.InvalidClassException;
import java.io.Serial;
import java.rmi.ServerException;
import java.rmi.UnmarshalException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The three file servers for real: RMI over loopback, Metro in embedded Tomcat; the same answers from each. */
class FileServersTest {

    static RmiFileServer rmi;
    static MetroServer metro;
    static Registry registry;

    @BeforeAll
    static void start() throws Exception {
        FileStore store = new FileStore(20);
        rmi = RmiFileServer.start(store);
        metro = MetroServer.start("127.0.0.1", store.files());
        registry = LocateRegistry.getRegistry("127.0.0.1", rmi.port());
    }

    @AfterAll
    static void stop() throws Exception {
        metro.close();
        rmi.close();
    }

    static List<String> expected(int n) {
        return java.util.stream.IntStream.range(0, n).mapToObj(FileStore::text).toList();
    }

    @Test
    void rmiObjectsWalkThePathWithFiveCallsPerFile() throws Exception {
        ObjectClient c = new ObjectClient((Container) registry.lookup(RmiFileServer.OBJECTS_NAME));
        assertEquals(expected(4), c.fetch(4));
        assertEquals(20, c.calls());
    }

    @Test
    void rmiObjectsRaiseFileNotFoundAtTheStepThatIsMissing() throws Exception {
        Container root = (Container) registry.lookup(RmiFileServer.OBJECTS_NAME);
        Container section = root.sub("base").sub("section");
        FileNotFound e = assertThrows(FileNotFound.class, () -> section.sub("test20.htm"));
        assertEquals("/base/section/test20.htm", e.getMessage());
        assertEquals("/base/section/test3.htm", section.sub("test3.htm").get().getRequest());
    }

    @Test
    void theWebServiceReturnsTheBatchInOneRequest() throws Exception {
        ResourceService ws = WsClients.connect("http://127.0.0.1:" + metro.port());
        DocumentClient c = new DocumentClient(ws::perform);
        assertEquals(expected(20), c.fetch(20));
        assertEquals(1, c.calls());
        FileResult[] missing = ws.perform(Request.forFiles(21));
        assertEquals(FileResult.NOT_FOUND, missing[20].getStatusCode());
    }

    @Test
    void theRmiDocumentServerReturnsTheSameBatch() throws Exception {
        DocumentClient c = new DocumentClient(((ResourceServer) registry.lookup(RmiFileServer.DOCUMENT_NAME))::perform);
        assertEquals(expected(20), c.fetch(20));
        assertEquals(1, c.calls());
    }

    /** A class the document does not need (here a Request subclass) is refused by the JEP 290 filter before it is built. */
    @Test
    void theDocumentServersFilterRejectsAnUnexpectedClass() throws Exception {
        ResourceServer server = (ResourceServer) registry.lookup(RmiFileServer.DOCUMENT_NAME);
        Request doc = Request.forFiles(1);
        doc.getItems()[0].setItems(new Request[] {new SneakyRequest()});
        // the server could not unmarshal the arguments: ServerException caused by UnmarshalException
        ServerException e = assertThrows(ServerException.class, () -> server.perform(doc));
        assertInstanceOf(UnmarshalException.class, e.getCause(), e.toString());
        Throwable cause = e;
        while (cause.getCause() != null && !(cause instanceof InvalidClassException)) cause = cause.getCause();
        assertInstanceOf(InvalidClassException.class, cause, e.toString());
        assertTrue(cause.getMessage().contains("REJECTED"), cause.getMessage());
        // the filter only narrows: a plain document still works afterwards
        assertEquals(1, server.perform(Request.forFiles(1)).length);
    }

    /** Harmless itself; stands for any gadget class an attacker could put in a request. */
    static final class SneakyRequest extends Request {
        @Serial
        private static final long serialVersionUID = 1L;
    }
}
