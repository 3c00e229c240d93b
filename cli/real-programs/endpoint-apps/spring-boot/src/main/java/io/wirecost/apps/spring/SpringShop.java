package io.wirecost.apps.spring;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.Callable;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * A shop on Spring Boot (Spring MVC over its embedded Tomcat) whose handlers do known CPU work per
 * request, so that a test can check each endpoint's CPU per request against it: {@code GET /orders/{id}}
 * 2000 µs, {@code POST /orders} 6000 µs, {@code GET /health} none. {@code GET /quotes/{id}} answers asynchronously
 * through Spring MVC's {@code Callable}, which Spring completes by having the container re-dispatch the request
 * ({@code AsyncContext.dispatch()}): 2000 µs in the handler, 1000 µs in the {@code Callable} on Spring's task
 * executor, not the request's thread, and 4000 µs writing the answer in the re-dispatch, 6000 µs on the request's
 * threads in all. Usage:
 * {@code SpringShop --server.port=PORT --server.address=127.0.0.1}.
 */
@SpringBootApplication
public class SpringShop {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    public static void main(String[] args) {
        SpringApplication.run(SpringShop.class, args);
    }

    /** Spins the given CPU time on its own thread's CPU clock. */
    static long spin(long micros) {
        long end = THREADS.getCurrentThreadCpuTime() + micros * 1000;
        long spins = 0;
        while (THREADS.getCurrentThreadCpuTime() < end) spins++;
        return spins;
    }

    @RestController
    @RequestMapping("/orders")
    public static class Orders {
        @GetMapping("/{id}")
        public String order(@PathVariable("id") String id) {
            return id + " " + spin(2000);
        }

        @PostMapping
        public String place(@RequestBody String order) {
            return order.length() + " " + spin(6000);
        }
    }

    @RestController
    @RequestMapping("/quotes")
    public static class Quotes {
        @GetMapping("/{id}")
        public Callable<Quote> quote(@PathVariable("id") String id) {
            long handler = spin(2000);
            return () -> new Quote(id, handler + spin(1000));
        }
    }

    /** A quote whose JSON costs 4000 µs to write: Jackson reads {@link #getCheck} in the request's re-dispatch. */
    public static final class Quote {
        private final String id;
        private final long spins;

        Quote(String id, long spins) {
            this.id = id;
            this.spins = spins;
        }

        public String getId() {
            return id;
        }

        public long getCheck() {
            return spins + spin(4000);
        }
    }

    @RestController
    public static class Health {
        @GetMapping("/health")
        public String health() {
            return "ok";
        }
    }
}
