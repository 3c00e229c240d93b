package io.wirecost.apps.resteasy4;

import io.undertow.Undertow;
import io.undertow.servlet.api.DeploymentInfo;
import io.wirecost.apps.clock.CpuWork;
import io.wirecost.apps.clock.RouteClock;
import java.util.Set;
import javax.ws.rs.ApplicationPath;
import javax.ws.rs.GET;
import javax.ws.rs.PUT;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
import javax.ws.rs.core.Application;
import org.jboss.resteasy.plugins.server.undertow.UndertowJaxrsServer;

/**
 * The javax era of JAX-RS: carts on RESTEasy 4 ({@code javax.ws.rs}) deployed as a servlet in an Undertow 2.2 servlet
 * deployment ({@code javax.servlet}) under the context {@code /shop}, the servlet mapped to {@code /api/*}. Its
 * resource methods do known CPU work per request: {@code GET /carts/{id}} 2000 µs, {@code PUT
 * /carts/{id}/items/{sku}} 4000 µs (a template of two parameters), {@code GET /wishlists/{id}/items/{item}} 3000 µs
 * (through a sub-resource locator), {@code GET /health} none; the carts take their annotations from an interface.
 * {@link CpuClock} measures what each route's requests really cost their threads, RESTEasy's and Undertow's work
 * included. Usage: {@code CartShop PORT} (listens on 127.0.0.1 until it is stopped).
 */
@ApplicationPath("/api")
public class CartShop extends Application {

    public static void main(String[] args) {
        UndertowJaxrsServer server = new UndertowJaxrsServer();
        DeploymentInfo shop = server.undertowDeployment(CartShop.class);
        shop.setContextPath("/shop").setDeploymentName("carts");
        CpuClock.install(shop);
        server.deploy(shop); // before the listener opens: a client that finds the port finds the shop
        server.start(Undertow.builder().addHttpListener(Integer.parseInt(args[0]), "127.0.0.1"));
    }

    @Override
    public Set<Class<?>> getClasses() {
        return Set.of(Carts.class, Wishlists.class, Health.class);
    }

    @Path("carts")
    public interface CartsApi {
        @GET
        @Path("{id}")
        String cart(@PathParam("id") String id);

        @PUT
        @Path("{id}/items/{sku}")
        String add(@PathParam("id") String id, @PathParam("sku") String sku);
    }

    public static class Carts implements CartsApi {
        @Override
        public String cart(String id) {
            RouteClock.name("GET /carts/{id}");
            return "cart " + id + " " + CpuWork.spin(2000);
        }

        @Override
        public String add(String id, String sku) {
            RouteClock.name("PUT /carts/{id}/items/{sku}");
            return "cart " + id + " +" + sku + " " + CpuWork.spin(4000);
        }
    }

    /**
     * A sub-resource locator: {@code GET /wishlists/{id}/items/{item}} reaches {@link WishItems#item} through {@link
     * #items}, so its route template is the locator's followed by the handler's own.
     */
    @Path("wishlists")
    public static class Wishlists {
        @Path("{id}/items")
        public WishItems items(@PathParam("id") String id) {
            return new WishItems(id);
        }
    }

    /** Reached only through {@link Wishlists#items}: no {@code @Path} of its own. */
    public static class WishItems {
        private final String list;

        WishItems(String list) {
            this.list = list;
        }

        @GET
        @Path("{item}")
        public String item(@PathParam("item") String item) {
            RouteClock.name("GET /wishlists/{id}/items/{item}");
            return list + " " + item + " " + CpuWork.spin(3000);
        }
    }

    @Path("health")
    public static class Health {
        @GET
        public String health() {
            RouteClock.name("GET /health");
            return "ok";
        }
    }
}
