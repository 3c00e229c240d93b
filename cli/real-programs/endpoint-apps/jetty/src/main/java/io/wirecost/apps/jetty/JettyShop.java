package io.wirecost.apps.jetty;

import io.wirecost.apps.clock.CpuWork;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import org.eclipse.jetty.ee10.servlet.ErrorPageErrorHandler;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * A shop on embedded Jetty whose servlets do known CPU work per request, so that a test can check each
 * endpoint's CPU per request against it: {@code /shop/orders/*} 3000 µs, {@code /shop/search} 1000 µs,
 * {@code /shop/health} none, {@code /shop/refunds/*} 2000 µs and a refusal (409), whose error page
 * ({@code /shop/errors/refused}, run by Jetty for it) costs 1000 µs more. Each also allocates known bytes, 100 per
 * µs of its work (one array each), for its allocation per request. Usage: {@code JettyShop PORT [checksum]} (listens on 127.0.0.1 until it is stopped);
 * {@code checksum} stands for a pull request that adds a SHA-256 checksum of every order to {@code /shop/orders/*}
 * (examples/own-service gates on it).
 */
public final class JettyShop {

    public static void main(String[] args) throws Exception {
        Server server = new Server();
        ServerConnector http = new ServerConnector(server);
        http.setHost("127.0.0.1");
        http.setPort(Integer.parseInt(args[0]));
        server.addConnector(http);
        ServletContextHandler shop = new ServletContextHandler("/shop");
        boolean checksum = args.length > 1 && args[1].equals("checksum");
        shop.addServlet(new ServletHolder(new Work(3000, checksum)), "/orders/*");
        shop.addServlet(new ServletHolder(new Work(1000, false)), "/search");
        shop.addServlet(new ServletHolder(new Work(0, false)), "/health");
        shop.addServlet(new ServletHolder(new Refuse()), "/refunds/*");
        // the context's error page for a refusal: Jetty runs it right after the refusing servlet, on its thread
        shop.addServlet(new ServletHolder(new Work(1000, false)), "/errors/refused");
        ErrorPageErrorHandler errors = new ErrorPageErrorHandler();
        errors.addErrorPage(HttpServletResponse.SC_CONFLICT, "/errors/refused");
        shop.setErrorHandler(errors);
        server.setHandler(shop);
        server.setStopAtShutdown(true);
        server.start();
        server.join();
    }

    /** Spins the given CPU time on its own thread's CPU clock, allocates 100 bytes per µs of it, then answers. */
    static final class Work extends HttpServlet {
        private static final long serialVersionUID = 1L;
        private static final byte[] ORDER = "{\"sku\":\"A-1\",\"qty\":1},".repeat(40).getBytes(StandardCharsets.UTF_8);
        private final long micros;
        private final boolean checksum;

        Work(long micros, boolean checksum) {
            this.micros = micros;
            this.checksum = checksum;
        }

        @Override
        protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
            long spins = CpuWork.spin(micros) + CpuWork.allocate((int) micros * 100);
            if (checksum) spins += checksum();
            response.setContentType("text/plain");
            response.getWriter().println(request.getRequestURI() + " " + spins);
        }

        /** The pull request's change: the order's SHA-256, taken 1000 times. */
        private static int checksum() {
            try {
                MessageDigest sha = MessageDigest.getInstance("SHA-256");
                int sum = 0;
                for (int i = 0; i < 1000; i++) {
                    sha.update(ORDER);
                    sum += sha.digest()[0];
                }
                return sum;
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** Refuses every request (409) after 2000 µs and 200,000 bytes: the context's error page answers it. */
    static final class Refuse extends HttpServlet {
        private static final long serialVersionUID = 1L;

        @Override
        protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
            CpuWork.spin(2000);
            CpuWork.allocate(200_000);
            response.sendError(HttpServletResponse.SC_CONFLICT, "refunded already");
        }
    }
}
