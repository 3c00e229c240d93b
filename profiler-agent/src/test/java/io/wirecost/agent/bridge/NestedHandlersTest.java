package io.wirecost.agent.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    /**
     * JAX-RS sub-resource locators prefix the route of the handler reached through them: the handler's resource class
     * is named without its own path, nested locators append theirs, and the prefix lives only as long as its request.
     */
    @Test
    void subResourceLocatorsPrefixTheHandlersRoute() {
        EndpointBridge.enable(100);
        try {
            EndpointBridge.drain();
            int servlet = EndpointBridge.enter();
            EndpointBridge.locator("/carts/{id}", "/carts/{id}");
            EndpointBridge.locator("/lines/items", "/items");
            EndpointBridge.exit(EndpointBridge.enter("GET /line/{item}", "GET /{item}"));
            EndpointBridge.exit(servlet);
            // no servlet: the locator runs just before the handler, which is the request
            EndpointBridge.locator("/wishlists/{id}", "/{id}");
            EndpointBridge.exit(EndpointBridge.enter("GET /wish", "GET /"));
            // no locator this time: the handler's own route
            int plain = EndpointBridge.enter();
            EndpointBridge.exit(EndpointBridge.enter("GET /line/{item}", "GET /{item}"));
            EndpointBridge.exit(plain);
            assertEquals(
                    List.of("GET /carts/{id}/items/{item}", "GET /wishlists/{id}", "GET /line/{item}"),
                    thisThreadsRequests());
        } finally {
            EndpointBridge.disable();
        }
    }

    /**
     * A servlet's re-dispatch of an asynchronous request ({@code AsyncContext.dispatch()}, as Spring MVC's {@code
     * Callable} does) is a segment of the endpoint its first pass left in the request: the client's request counts
     * once, and the re-dispatch's CPU is that endpoint's even though no handler names it.
     */
    @Test
    void anAsyncRedispatchIsASegmentOfItsFirstPassEndpoint() {
        EndpointBridge.enable(100);
        try {
            EndpointBridge.drain();
            int first = EndpointBridge.enter();
            EndpointBridge.exit(EndpointBridge.enter("GET /quotes/{id}"));
            Integer stashed = EndpointBridge.stash();
            EndpointBridge.exit(first);
            int again = EndpointBridge.enter();
            assertTrue(EndpointBridge.outermost(again));
            EndpointBridge.redispatched(stashed);
            assertTrue(EndpointBridge.named(), "the re-dispatch is named by its first pass, not its servlet mapping");
            EndpointBridge.exit(again);
            int unknown = EndpointBridge.enter();
            EndpointBridge.redispatched(null);
            EndpointBridge.nameServlet("GET", "", "/", "/");
            EndpointBridge.exit(unknown);
            assertEquals(
                    List.of("GET /quotes/{id}", "GET /quotes/{id} (segment)", "GET / (segment)"), thisThreadsRecords());
        } finally {
            EndpointBridge.disable();
        }
    }

    /**
     * A container's error page for a failed request is a segment of the failed request's endpoint, which its first
     * pass left in the request ({@link EndpointBridge#stash}); an error page of a request no servlet ran first (the
     * container refused it) is a request of its own, unmatched whatever handler the error page has.
     */
    @Test
    void anErrorPageIsASegmentOfTheRequestThatFailed() {
        EndpointBridge.enable(100);
        try {
            EndpointBridge.drain();
            int first = EndpointBridge.enter("DELETE /orders/{id}");
            Integer stashed = EndpointBridge.stash();
            EndpointBridge.exit(first);
            int errorPage = EndpointBridge.enter();
            EndpointBridge.exit(EndpointBridge.enter("ANY /error"));
            EndpointBridge.redispatched(stashed);
            EndpointBridge.exit(errorPage);
            int refused = EndpointBridge.enter();
            EndpointBridge.exit(EndpointBridge.enter("ANY /error"));
            EndpointBridge.unmatched();
            EndpointBridge.exit(refused);
            assertEquals(
                    List.of("DELETE /orders/{id}", "DELETE /orders/{id} (segment)", "(unmatched)"),
                    thisThreadsRecords());
        } finally {
            EndpointBridge.disable();
        }
    }

    private static List<String> thisThreadsRecords() {
        List<String> names = new ArrayList<>();
        for (long[] records : EndpointBridge.drain()) {
            for (int i = 0; i < records.length; i += EndpointBridge.RECORD) {
                if (records[i] == Thread.currentThread().getId()) {
                    long id = records[i + 3];
                    String name = EndpointBridge.name((int) (id & ~EndpointBridge.SEGMENT));
                    names.add((id & EndpointBridge.SEGMENT) != 0 ? name + " (segment)" : name);
                }
            }
        }
        return names;
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
