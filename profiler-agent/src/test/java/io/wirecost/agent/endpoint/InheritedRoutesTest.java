package io.wirecost.agent.endpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import org.junit.jupiter.api.Test;

/**
 * JAX-RS resource methods whose annotations are inherited from the interface or super class they implement (RESTEasy's
 * shared client and server interfaces): the class is instrumented ({@link EndpointInstrumentation#declaresHandler})
 * and each method named by the inherited route template, where before the request fell back to its servlet's mapping.
 */
class InheritedRoutesTest {

    @Path("/orders")
    public interface OrdersApi {
        @GET
        @Path("{id}")
        String order(@PathParam("id") String id);

        @POST
        String place(String order);
    }

    public static class Orders implements OrdersApi {
        @Override
        public String order(String id) {
            return id;
        }

        @Override
        public String place(String order) {
            return order;
        }

        public String notARoute(String id) {
            return id;
        }

        public static String order(int id) {
            return "static, another signature";
        }
    }

    /** A generic API: the implementation's parameter is the type argument, its erasure not the interface's. */
    @Path("/items")
    public interface CrudApi<T> {
        @POST
        T create(T item);
    }

    public static class Items implements CrudApi<String> {
        @Override
        public String create(String item) {
            return item;
        }
    }

    /** Its own {@code @Path} is the root; a super class's method comes before an interface's. */
    @Path("/v2/orders")
    public static class OrdersV2 extends Base implements OrdersApi {
        @Override
        public String order(String id) {
            return id;
        }

        @Override
        public String place(String order) {
            return order;
        }
    }

    public abstract static class Base {
        @GET
        @Path("by-id/{id}")
        public abstract String order(String id);
    }

    /** Its own annotation wins over the interface's. */
    public static class Overridden implements OrdersApi {
        @Override
        @GET
        @Path("mine/{id}")
        public String order(String id) {
            return id;
        }

        @Override
        public String place(String order) {
            return order;
        }
    }

    public static class Plain implements Runnable {
        @Override
        public void run() {}
    }

    @Test
    void anImplementationTakesItsInterfacesRoutes() {
        assertEquals("GET /orders/{id}", route(Orders.class, "order", String.class));
        assertEquals("POST /orders", route(Orders.class, "place", String.class));
        assertNull(route(Orders.class, "notARoute", String.class));
        assertNull(route(Orders.class, "order", int.class));
        assertTrue(EndpointInstrumentation.declaresHandler(TypeDescription.ForLoadedType.of(Orders.class)));
    }

    @Test
    void aGenericInterfacesRouteIsFoundThroughItsTypeArgument() {
        assertEquals("POST /items", route(Items.class, "create", String.class));
        assertTrue(EndpointInstrumentation.declaresHandler(TypeDescription.ForLoadedType.of(Items.class)));
    }

    @Test
    void theClassesOwnPathAndTheSuperClassComeFirst() {
        assertEquals("GET /v2/orders/by-id/{id}", route(OrdersV2.class, "order", String.class));
        assertEquals("POST /v2/orders", route(OrdersV2.class, "place", String.class));
    }

    @Test
    void aMethodsOwnAnnotationsWin() {
        assertEquals("GET /mine/{id}", route(Overridden.class, "order", String.class));
        assertEquals("POST /orders", route(Overridden.class, "place", String.class));
    }

    @Test
    void aClassWithNoHandlerAnywhereIsLeftAlone() {
        assertFalse(EndpointInstrumentation.declaresHandler(TypeDescription.ForLoadedType.of(Plain.class)));
        assertFalse(EndpointInstrumentation.declaresHandler(TypeDescription.ForLoadedType.of(OrdersApi.class)));
    }

    private static String route(Class<?> type, String name, Class<?>... parameters) {
        TypeDescription t = TypeDescription.ForLoadedType.of(type);
        MethodDescription m;
        try {
            m = new MethodDescription.ForLoadedMethod(type.getDeclaredMethod(name, parameters));
        } catch (NoSuchMethodException e) {
            throw new AssertionError(e);
        }
        return Routes.of(t, m);
    }
}
