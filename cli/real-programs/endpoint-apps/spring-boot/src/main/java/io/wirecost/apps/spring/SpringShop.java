package io.wirecost.apps.spring;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
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
 * 2000 µs, {@code POST /orders} 6000 µs, {@code GET /health} none. Usage:
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
    public static class Health {
        @GetMapping("/health")
        public String health() {
            return "ok";
        }
    }
}
