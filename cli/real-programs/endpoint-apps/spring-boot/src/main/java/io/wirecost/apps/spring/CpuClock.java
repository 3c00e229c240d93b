package io.wirecost.apps.spring;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.LongAdder;
import org.springframework.web.servlet.HandlerMapping;

/**
 * The first filter of every pass through the servlet (the request, its asynchronous re-dispatch, its error page):
 * adds the pass's CPU, by its thread's CPU clock, to the route Spring matched in the request's first pass, and prints
 * each route's requests and CPU when the server stops ({@code cpu-clock ROUTE REQUESTS MICROS}). Work a handler hands
 * to another thread (the {@code Callable}'s) is no pass's.
 */
public final class CpuClock implements Filter {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final String ROUTE = CpuClock.class.getName() + ".route";
    private final Map<String, LongAdder[]> routes = new ConcurrentSkipListMap<>();

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        long start = THREADS.getCurrentThreadCpuTime();
        try {
            chain.doFilter(request, response);
        } finally {
            long nanos = THREADS.getCurrentThreadCpuTime() - start;
            Object route = request.getAttribute(ROUTE);
            boolean first = route == null;
            if (first) { // an error page with no first pass: the container refused the request itself
                Object pattern = request.getAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE);
                route = request.getDispatcherType() == DispatcherType.ERROR
                        ? "(unmatched)"
                        : ((HttpServletRequest) request).getMethod() + " " + pattern;
                request.setAttribute(ROUTE, route);
            }
            LongAdder[] sums =
                    routes.computeIfAbsent((String) route, r -> new LongAdder[] {new LongAdder(), new LongAdder()});
            if (first) sums[0].increment();
            sums[1].add(nanos);
        }
    }

    @Override
    public void destroy() {
        routes.forEach((route, sums) ->
                System.out.println("cpu-clock " + route + " " + sums[0].sum() + " " + sums[1].sum() / 1000));
        System.out.flush();
    }
}
