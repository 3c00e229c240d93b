package io.wirecost.agent.endpoint;

import io.wirecost.agent.bridge.EndpointBridge;
import net.bytebuddy.asm.Advice;

/**
 * {@link JakartaServletAdvice} for {@code javax.servlet}; before Servlet 4 (no mapping) it names by the servlet path,
 * and before Servlet 3 (no asynchronous requests) every pass is a request.
 * The two stay apart on purpose, alike line for line: code that names the request's types must be inlined into the
 * host's classes, once per package. A helper class of the agent's would be defined by the system class loader,
 * which does not see the host's servlet API (in the container's or the application's loader), so what they share
 * without naming those types is in {@link EndpointBridge}.
 */
final class JavaxServletAdvice {

    private JavaxServletAdvice() {}

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
        boolean outermost = EndpointBridge.outermost(token) && request instanceof javax.servlet.ServletRequest;
        boolean second = false;
        if (outermost) {
            try { // a container's second pass of a request its first pass counted: an async re-dispatch, an error page
                javax.servlet.ServletRequest r = (javax.servlet.ServletRequest) request;
                javax.servlet.DispatcherType type = r.getDispatcherType();
                if (type == javax.servlet.DispatcherType.ASYNC) {
                    second = true;
                    EndpointBridge.redispatched(r.getAttribute(EndpointBridge.ATTRIBUTE));
                } else if (type == javax.servlet.DispatcherType.ERROR) {
                    second = true;
                    Object first = r.getAttribute(EndpointBridge.ATTRIBUTE);
                    if (first != null) EndpointBridge.redispatched(first);
                    else EndpointBridge.unmatched(); // refused before any servlet ran: no route
                }
            } catch (Throwable t) { // before Servlet 3: no second passes; every pass is a request
            }
        }
        try { // named by the pattern Spring matched, else by the servlet mapping
            if (EndpointBridge.unnamed(token) && request instanceof javax.servlet.http.HttpServletRequest r) {
                Object route = r.getAttribute(EndpointBridge.SPRING_PATTERN);
                if (route != null) {
                    EndpointBridge.nameRoute(r.getMethod(), route);
                } else {
                    String pattern;
                    try {
                        javax.servlet.http.HttpServletMapping m = r.getHttpServletMapping();
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
                javax.servlet.ServletRequest r = (javax.servlet.ServletRequest) request;
                if (r.isAsyncStarted()
                        || !second
                                && (thrown != null
                                        || response instanceof javax.servlet.http.HttpServletResponse h
                                                && h.getStatus() >= 400)) {
                    r.setAttribute(EndpointBridge.ATTRIBUTE, EndpointBridge.stash());
                }
            } catch (Throwable t) { // the request no longer usable: its second passes are named by their mapping
            }
        }
        EndpointBridge.exit(token);
    }
}
