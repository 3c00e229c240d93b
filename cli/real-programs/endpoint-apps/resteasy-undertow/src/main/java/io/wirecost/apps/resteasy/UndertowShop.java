package io.wirecost.apps.resteasy;

import io.undertow.Undertow;
import io.undertow.servlet.api.DeploymentInfo;
import io.wirecost.apps.clock.CpuWork;
import io.wirecost.apps.clock.RouteClock;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Application;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.jboss.resteasy.plugins.server.undertow.UndertowJaxrsServer;

/**
 * A shop of JAX-RS resources on RESTEasy, deployed as a servlet ({@code HttpServlet30Dispatcher} mapped to
 * {@code /api/*}) in an Undertow servlet deployment under the context {@code /shop}, whose resource methods do known
 * CPU work per request, so that a test can check each endpoint's CPU per request against it: {@code GET
 * /orders/{id}} 2000 µs, {@code POST /orders} 5000 µs, {@code GET /health} none. The orders resource takes its
 * annotations from an interface, as RESTEasy's shared client and server interfaces do. {@code GET /receipts/{id}} is
 * asynchronous: 3000 µs on the request's thread, then 1000 µs on an executor of its own, whose answer RESTEasy sends
 * when it completes. {@link CpuClock} measures what each route's requests really cost their threads in their passes
 * through the servlet, RESTEasy's and Undertow's work included (the executor's is no pass's). Usage: {@code
 * UndertowShop PORT} (listens on 127.0.0.1 until it is stopped).
 */
@ApplicationPath("/api")
public class UndertowShop extends Application {


    public static void main(String[] args) {
        UndertowJaxrsServer server = new UndertowJaxrsServer();
        DeploymentInfo shop = server.undertowDeployment(UndertowShop.class);
        shop.setContextPath("/shop").setDeploymentName("shop");
        CpuClock.install(shop);
        server.deploy(shop); // before the listener opens: a client that finds the port finds the shop
        server.start(Undertow.builder().addHttpListener(Integer.parseInt(args[0]), "127.0.0.1"));
    }

    @Override
    public Set<Class<?>> getClasses() {
        return Set.of(Orders.class, Receipts.class, Health.class);
    }

    /** The orders API as a client would share it: the JAX-RS annotations are the interface's. */
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
            RouteClock.name("GET /orders/{id}");
            return id + " " + CpuWork.spin(2000);
        }

        @Override
        public String place(String order) {
            RouteClock.name("POST /orders");
            return order.length() + " " + CpuWork.spin(5000);
        }
    }

    @Path("/receipts")
    public static class Receipts {
        private static final ExecutorService PRINTER = Executors.newFixedThreadPool(2, r -> {
            Thread t = new Thread(r, "receipt-printer");
            t.setDaemon(true);
            return t;
        });

        @GET
        @Path("{id}")
        public CompletionStage<String> receipt(@PathParam("id") String id) {
            RouteClock.name("GET /receipts/{id}");
            long checked = CpuWork.spin(3000);
            return CompletableFuture.supplyAsync(() -> id + " " + checked + " " + CpuWork.spin(1000), PRINTER);
        }
    }

    @Path("/health")
    public static class Health {
        @GET
        public String health() {
            RouteClock.name("GET /health");
            return "ok";
        }
    }
}
