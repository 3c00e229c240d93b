package io.wirecost.apps.spring;

import io.wirecost.apps.clock.RouteClock;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import org.springframework.web.servlet.HandlerMapping;

/**
 * The first filter of every pass through the servlet (the request, its asynchronous re-dispatch, its error page):
 * feeds the shop's {@link RouteClock}, the route being the one Spring matched in the request's first pass, and prints
 * the routes' totals when the server stops. Work a handler hands to another thread (the {@code Callable}'s) is no
 * pass's.
 */
public final class CpuClock implements Filter {
    private static final String ROUTE = CpuClock.class.getName() + ".route";
    private final RouteClock clock = new RouteClock();

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        long start = clock.begin();
        try {
            chain.doFilter(request, response);
        } finally {
            request.setAttribute(ROUTE, clock.end(request.getAttribute(ROUTE), start, () -> route(request)));
        }
    }

    /** The first pass's route; an error page with no first pass is a request the container refused itself. */
    private static String route(ServletRequest request) {
        return request.getDispatcherType() == DispatcherType.ERROR
                ? "(unmatched)"
                : ((HttpServletRequest) request).getMethod() + " "
                        + request.getAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE);
    }

    @Override
    public void destroy() {
        clock.print();
    }
}
