package io.wirecost.agent.endpoint;

import io.wirecost.agent.bridge.EndpointBridge;
import net.bytebuddy.asm.Advice;

/**
 * {@link JakartaServletAdvice} for {@code javax.servlet}; before Servlet 4 (no mapping) it names by the servlet path,
 * and before Servlet 3 (no asynchronous requests) every pass is a request.
 * The two stay apart on purpose, alike line for line: inlined advice can name the request's types only in the
 * package the host loads, so what they share is in {@link EndpointBridge#nameServlet}.
 */
final class JavaxServletAdvice {

    private JavaxServletAdvice() {}

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static int enter() {
        return EndpointBridge.enter();
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.Enter int token, @Advice.Argument(0) Object request) {
        boolean outermost = EndpointBridge.outermost(token) && request instanceof javax.servlet.ServletRequest;
        if (outermost) {
            try { // a re-dispatch of an asynchronous request: the first pass counted it
                javax.servlet.ServletRequest r = (javax.servlet.ServletRequest) request;
                if (r.getDispatcherType() == javax.servlet.DispatcherType.ASYNC) {
                    EndpointBridge.redispatched(r.getAttribute(EndpointBridge.ATTRIBUTE));
                }
            } catch (Throwable t) { // before Servlet 3: no asynchronous requests
            }
        }
        if (EndpointBridge.unnamed(token) && request instanceof javax.servlet.http.HttpServletRequest r) {
            String pattern;
            try {
                javax.servlet.http.HttpServletMapping m = r.getHttpServletMapping();
                pattern = m == null ? null : m.getPattern();
            } catch (Throwable t) { // before Servlet 4: no mapping
                pattern = null;
            }
            EndpointBridge.nameServlet(r.getMethod(), r.getContextPath(), pattern, r.getServletPath());
        }
        if (outermost) {
            try { // gone asynchronous: its re-dispatches are segments of this endpoint
                javax.servlet.ServletRequest r = (javax.servlet.ServletRequest) request;
                if (r.isAsyncStarted()) r.setAttribute(EndpointBridge.ATTRIBUTE, EndpointBridge.stash());
            } catch (Throwable t) { // before Servlet 3, or the request no longer usable
            }
        }
        EndpointBridge.exit(token);
    }
}
