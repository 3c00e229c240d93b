package io.wirecost.apps.resteasy4;

import io.undertow.servlet.Servlets;
import io.undertow.servlet.api.DeploymentInfo;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.LongAdder;
import javax.servlet.DispatcherType;
import javax.servlet.Filter;
import javax.servlet.FilterChain;
import javax.servlet.ServletException;
import javax.servlet.ServletRequest;
import javax.servlet.ServletResponse;

/**
 * The first filter of every pass of a request through the deployment's servlet: adds the pass's CPU, by its thread's
 * CPU clock, to the route its resource method named ({@link #name}) in the request's first pass, and prints each
 * route's requests and CPU when the JVM stops ({@code cpu-clock ROUTE REQUESTS MICROS}), as the Spring shop's filter
 * does. A javax.servlet twin of the jakarta shop's: the two namespaces share no {@code Filter} type.
 */
public final class CpuClock implements Filter {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final String ROUTE = CpuClock.class.getName() + ".route";
    /** The route the resource method running on this thread named: RESTEasy keeps its matched template to itself. */
    private static final ThreadLocal<String> NAMED = new ThreadLocal<>();

    private static final Map<String, LongAdder[]> ROUTES = new ConcurrentSkipListMap<>();

    /** Puts the filter in front of the deployment's servlets, and prints the routes' totals when the JVM stops. */
    static void install(DeploymentInfo deployment) {
        // in front of asynchronous resources too: a filter that does not say it supports them makes them fail
        deployment.addFilter(Servlets.filter("cpu-clock", CpuClock.class).setAsyncSupported(true));
        for (DispatcherType type : List.of(DispatcherType.REQUEST, DispatcherType.ASYNC, DispatcherType.ERROR)) {
            deployment.insertFilterUrlMapping(0, "cpu-clock", "/*", type);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(CpuClock::print, "cpu-clock"));
    }

    /** Names the running request's route, as its resource method's templates say. */
    static void name(String route) {
        NAMED.set(route);
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        long start = THREADS.getCurrentThreadCpuTime();
        NAMED.remove();
        try {
            chain.doFilter(request, response);
        } finally {
            long nanos = THREADS.getCurrentThreadCpuTime() - start;
            Object route = request.getAttribute(ROUTE);
            boolean first = route == null;
            if (first) {
                route = NAMED.get() == null ? "(unnamed)" : NAMED.get();
                request.setAttribute(ROUTE, route);
            }
            NAMED.remove();
            LongAdder[] sums =
                    ROUTES.computeIfAbsent((String) route, r -> new LongAdder[] {new LongAdder(), new LongAdder()});
            if (first) sums[0].increment();
            sums[1].add(nanos);
        }
    }

    private static void print() {
        ROUTES.forEach((route, sums) ->
                System.out.println("cpu-clock " + route + " " + sums[0].sum() + " " + sums[1].sum() / 1000));
        System.out.flush();
    }
}
