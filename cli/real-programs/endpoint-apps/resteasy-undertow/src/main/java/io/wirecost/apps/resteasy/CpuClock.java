package io.wirecost.apps.resteasy;

import io.undertow.servlet.Servlets;
import io.undertow.servlet.api.DeploymentInfo;
import io.wirecost.apps.clock.RouteClock;
import java.io.IOException;
import java.util.List;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;

/**
 * The first filter of every pass of a request through the deployment's servlet: feeds the shop's {@link RouteClock},
 * the route being the one its resource method named ({@link RouteClock#name}) in the request's first pass. A
 * jakarta.servlet twin of the javax shop's: the two namespaces share no {@code Filter} type.
 */
public final class CpuClock implements Filter {
    private static final String ROUTE = CpuClock.class.getName() + ".route";
    private static final RouteClock CLOCK = new RouteClock();

    /** Puts the filter in front of the deployment's servlets, and prints the routes' totals when the JVM stops. */
    static void install(DeploymentInfo deployment) {
        // in front of asynchronous resources too: a filter that does not say it supports them makes them fail
        deployment.addFilter(Servlets.filter("cpu-clock", CpuClock.class).setAsyncSupported(true));
        for (DispatcherType type : List.of(DispatcherType.REQUEST, DispatcherType.ASYNC, DispatcherType.ERROR)) {
            deployment.insertFilterUrlMapping(0, "cpu-clock", "/*", type);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(CLOCK::print, "cpu-clock"));
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        long start = CLOCK.begin();
        try {
            chain.doFilter(request, response);
        } finally {
            request.setAttribute(ROUTE, CLOCK.end(request.getAttribute(ROUTE), start));
        }
    }
}
