package io.wirecost.agent.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A request is named by the first handler inside it: a handler it calls in the same thread (another resource
 * in-process, a client class implementing a resource's annotated interface) does not rename it, and the same handler
 * called outside any request is a request of its own.
 */
class NestedHandlersTest {

    @Test
    void theFirstHandlerNamesTheRequest() {
        EndpointBridge.enable(100);
        try {
            EndpointBridge.drain();
            int servlet = EndpointBridge.enter();
            int checkout = EndpointBridge.enter("POST /checkout");
            int client = EndpointBridge.enter("GET /orders/{id}");
            EndpointBridge.exit(client);
            EndpointBridge.exit(checkout);
            EndpointBridge.exit(servlet);
            int alone = EndpointBridge.enter("GET /orders/{id}");
            EndpointBridge.exit(alone);
            assertEquals(List.of("POST /checkout", "GET /orders/{id}"), thisThreadsRequests());
        } finally {
            EndpointBridge.disable();
        }
    }

    private static List<String> thisThreadsRequests() {
        List<String> names = new ArrayList<>();
        for (long[] records : EndpointBridge.drain()) {
            for (int i = 0; i < records.length; i += EndpointBridge.RECORD) {
                if (records[i] == Thread.currentThread().getId()) {
                    names.add(EndpointBridge.name((int) records[i + 3]));
                }
            }
        }
        return names;
    }
}
