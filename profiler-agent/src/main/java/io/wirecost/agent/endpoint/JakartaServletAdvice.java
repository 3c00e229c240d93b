package io.wirecost.agent.endpoint;

import io.wirecost.agent.bridge.EndpointBridge;
import net.bytebuddy.asm.Advice;

/**
 * Inlined into every {@code jakarta.servlet.Servlet#service} and {@code FilterChain#doFilter}: the outermost
 * one on a thread is the request. It is named at exit, when no handler named it, by the servlet mapping's
 * pattern (a template: {@code /orders/*}, {@code *.jsp}), never by the request's raw path. A request that goes
 * asynchronous keeps its endpoint in a request attribute, so that the container's re-dispatches of it
 * ({@code AsyncContext.dispatch()}) are segments of that endpoint, not requests of their own; so does a failed request,
 * whose error page is then a segment of its endpoint. An error page with no first pass (the container refused the
 * request before any servlet ran) is a request of its own, {@link EndpointBridge#UNMATCHED_NAME}. Advice code may
 * use only the JDK, the host's servlet classes and {@link EndpointBridge} (through the system class loader):
 * the code runs inside the host's classes, whose class loader sees nothing else. Anything thrown inside
 * is suppressed, so the host's servlet behaves as without the agent.
 */
final class JakartaServletAdvice {

    private JakartaServletAdvice() {}

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static int enter() {
        return EndpointBridge.enter();
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(
            @Advice.Enter int token,
            @Advice.Argument(0) Object request,
            @Advice.Argument(1) Object response,
            @Advice.Thrown Throwable thrown) {
        boolean outermost = EndpointBridge.outermost(token) && request instanceof jakarta.servlet.ServletRequest;
        boolean second = false;
        if (outermost) {
            try { // a container's second pass of a request its first pass counted: an async re-dispatch, an error page
                jakarta.servlet.ServletRequest r = (jakarta.servlet.ServletRequest) request;
                jakarta.servlet.DispatcherType type = r.getDispatcherType();
                if (type == jakarta.servlet.DispatcherType.ASYNC) {
                    second = true;
                    EndpointBridge.redispatched(r.getAttribute(EndpointBridge.ATTRIBUTE));
                } else if (type == jakarta.servlet.DispatcherType.ERROR) {
                    second = true;
                    Object first = r.getAttribute(EndpointBridge.ATTRIBUTE);
                    if (first != null) EndpointBridge.redispatched(first);
                    else EndpointBridge.unmatched(); // refused before any servlet ran: no route
                }
            } catch (Throwable t) { // the request no longer usable: a request of its own
            }
        }
        try { // named by the pattern Spring matched, else by the servlet mapping
            if (EndpointBridge.unnamed(token) && request instanceof jakarta.servlet.http.HttpServletRequest r) {
                Object route = r.getAttribute(EndpointBridge.SPRING_PATTERN);
                if (route != null) {
                    EndpointBridge.nameRoute(r.getMethod(), route);
                } else {
                    String pattern;
                    try {
                        jakarta.servlet.http.HttpServletMapping m = r.getHttpServletMapping();
                        pattern = m == null ? null : m.getPattern();
                    } catch (Throwable t) { // before Servlet 4: no mapping
                        pattern = null;
                    }
                    EndpointBridge.nameServlet(r.getMethod(), r.getContextPath(), pattern, r.getServletPath());
                }
            }
        } catch (Throwable t) { // the request no longer usable: it stays unnamed, and its boundary still closes
        }
        if (outermost) {
            try { // gone asynchronous, or failed: its re-dispatches and its error page are segments of this endpoint
                jakarta.servlet.ServletRequest r = (jakarta.servlet.ServletRequest) request;
                if (r.isAsyncStarted()
                        || !second
                                && (thrown != null
                                        || response instanceof jakarta.servlet.http.HttpServletResponse h
                                                && h.getStatus() >= 400)) {
                    r.setAttribute(EndpointBridge.ATTRIBUTE, EndpointBridge.stash());
                }
            } catch (Throwable t) { // the request no longer usable: its second passes are named by their mapping
            }
        }
        EndpointBridge.exit(token);
    }
}
