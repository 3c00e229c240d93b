package io.wirecost.apps.spring;

import io.wirecost.apps.clock.CpuWork;
import jakarta.servlet.DispatcherType;
import java.util.Map;
import java.util.concurrent.Callable;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.web.error.ErrorAttributeOptions;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.boot.web.servlet.error.DefaultErrorAttributes;
import org.springframework.boot.web.servlet.error.ErrorAttributes;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.servlet.function.RouterFunction;
import org.springframework.web.servlet.function.RouterFunctions;
import org.springframework.web.servlet.function.ServerResponse;

/**
 * A shop on Spring Boot (Spring MVC over its embedded Tomcat) whose handlers do known CPU work per
 * request, so that a test can check each endpoint's CPU per request against it: {@code GET /orders/{id}}
 * 2000 µs, {@code POST /orders} 6000 µs, {@code GET /health} none. {@code GET /quotes/{id}} answers asynchronously
 * through Spring MVC's {@code Callable}, which Spring completes by having the container re-dispatch the request
 * ({@code AsyncContext.dispatch()}): 2000 µs in the handler, 1000 µs in the {@code Callable} on Spring's task
 * executor, not the request's thread, and 4000 µs writing the answer in the re-dispatch, 6000 µs on the request's
 * threads in all. {@code DELETE /orders/{id}} is refused (409) after 4000 µs, and Spring Boot's error page, which Tomcat
 * runs for it in a second pass through the servlet ({@code DispatcherType.ERROR}), costs 4000 µs more. {@code GET
 * /stock/{sku}}, a functional route (no annotation), 3000 µs. A request Tomcat refuses itself ({@code /WEB-INF/}) gets
 * the same error page. Usage:
 * {@code SpringShop --server.port=PORT --server.address=127.0.0.1}.
 */
@SpringBootApplication
public class SpringShop {

    public static void main(String[] args) {
        SpringApplication.run(SpringShop.class, args);
    }

    @RestController
    @RequestMapping("/orders")
    public static class Orders {
        @GetMapping("/{id}")
        public String order(@PathVariable("id") String id) {
            return id + " " + CpuWork.spin(2000);
        }

        @PostMapping
        public String place(@RequestBody String order) {
            return order.length() + " " + CpuWork.spin(6000);
        }

        /** Refused (409) after 4000 µs: Spring sends the error, and Tomcat runs Spring Boot's error page for it. */
        @DeleteMapping("/{id}")
        public String cancel(@PathVariable("id") String id) {
            CpuWork.spin(4000);
            throw new ResponseStatusException(HttpStatus.CONFLICT, "order " + id + " has shipped");
        }
    }

    /** A functional route, which no annotation names: 3000 µs, against a few hundred of its own framework path. */
    @Bean
    public RouterFunction<ServerResponse> stock() {
        return RouterFunctions.route()
                .GET("/stock/{sku}", request -> ServerResponse.ok().body(request.pathVariable("sku") + " " + CpuWork.spin(3000)))
                .build();
    }

    /**
     * The CPU each route's requests really cost their threads, by the threads' CPU clocks around every pass through the
     * servlet ({@link CpuClock}): the shop's own ground truth, Spring's work included, beside which a profiler's figure
     * per endpoint is checked.
     */
    @Bean
    public FilterRegistrationBean<CpuClock> cpuClock() {
        FilterRegistrationBean<CpuClock> filter = new FilterRegistrationBean<>(new CpuClock());
        filter.setOrder(Ordered.HIGHEST_PRECEDENCE);
        filter.setDispatcherTypes(DispatcherType.REQUEST, DispatcherType.ASYNC, DispatcherType.ERROR);
        filter.addUrlPatterns("/*");
        return filter;
    }

    /** The error page's body costs 4000 µs: Spring Boot's error controller asks for it in Tomcat's error dispatch. */
    @Bean
    public ErrorAttributes errorAttributes() {
        return new DefaultErrorAttributes() {
            @Override
            public Map<String, Object> getErrorAttributes(WebRequest request, ErrorAttributeOptions options) {
                Map<String, Object> attributes = super.getErrorAttributes(request, options);
                attributes.put("spins", CpuWork.spin(4000));
                return attributes;
            }
        };
    }

    @RestController
    @RequestMapping("/quotes")
    public static class Quotes {
        @GetMapping("/{id}")
        public Callable<Quote> quote(@PathVariable("id") String id) {
            long handler = CpuWork.spin(2000);
            return () -> new Quote(id, handler + CpuWork.spin(1000));
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
            return spins + CpuWork.spin(4000);
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
