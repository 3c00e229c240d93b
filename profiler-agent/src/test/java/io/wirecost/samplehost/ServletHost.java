package io.wirecost.samplehost;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import java.io.IOException;
import java.lang.reflect.Proxy;

/**
 * A host with a real {@link HttpServlet} subclass and a JAX-RS-annotated resource, driven directly (no
 * container): {@code /orders/*} answers through the resource, which names the request; {@code /plain}
 * has no handler, so the servlet's path names it; {@code /fail} throws, and the host must see its own
 * exception, unchanged. Prints {@code ok} when every behaviour was as without the agent. Outside
 * {@code io.wirecost.agent}, whose classes the agent never instruments.
 */
public final class ServletHost {

    @Path("orders")
    public static final class Orders {
        @GET
        @Path("{id}")
        public String order(String id) {
            return "order " + id;
        }
    }

    static final class Servlet extends HttpServlet {
        private static final long serialVersionUID = 1L;
        final Orders orders = new Orders();
        String last;

        @Override
        protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws ServletException, IOException {
            if (req.getServletPath().equals("/fail")) throw new ServletException("the host's own failure");
            last = req.getServletPath().equals("/orders") ? orders.order(req.getPathInfo()) : "plain";
        }
    }

    static HttpServletRequest request(String servletPath, String pathInfo) {
        return (HttpServletRequest) Proxy.newProxyInstance(
                ServletHost.class.getClassLoader(),
                new Class<?>[] {HttpServletRequest.class},
                (p, m, a) -> switch (m.getName()) {
                    case "getMethod" -> "GET";
                    case "getServletPath" -> servletPath;
                    case "getPathInfo" -> pathInfo;
                    case "getContextPath" -> "/shop";
                    case "getProtocol" -> "HTTP/1.1";
                    case "getHttpServletMapping" -> null;
                    case "hashCode" -> System.identityHashCode(p);
                    case "equals" -> p == a[0];
                    default -> null;
                });
    }

    public static void main(String[] args) throws Exception {
        Servlet servlet = new Servlet();
        HttpServletResponse response = (HttpServletResponse) Proxy.newProxyInstance(
                ServletHost.class.getClassLoader(), new Class<?>[] {HttpServletResponse.class}, (p, m, a) -> null);
        int n = Integer.parseInt(args[0]);
        for (int i = 0; i < n; i++) {
            servlet.service(request("/orders", "/" + i), response);
            if (!servlet.last.equals("order /" + i)) throw new AssertionError("answer changed: " + servlet.last);
            servlet.service(request("/plain", null), response);
            if (!servlet.last.equals("plain")) throw new AssertionError("answer changed: " + servlet.last);
            try {
                servlet.service(request("/fail", null), response);
                throw new AssertionError("the servlet's exception was lost");
            } catch (ServletException e) {
                if (!e.getMessage().equals("the host's own failure")) throw new AssertionError("exception changed", e);
            }
        }
        Orders direct = new Orders();
        for (int i = 0; i < n; i++) direct.order("x"); // a handler outside any servlet: a request of its own
        System.out.println("ok");
    }
}
