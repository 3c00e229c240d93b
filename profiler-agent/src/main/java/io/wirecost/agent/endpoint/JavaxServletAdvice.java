package io.wirecost.agent.endpoint;

import io.wirecost.agent.bridge.EndpointBridge;
import net.bytebuddy.asm.Advice;

/** {@link JakartaServletAdvice} for {@code javax.servlet}; before Servlet 4 (no mapping) it names by the servlet path. */
final class JavaxServletAdvice {

    private JavaxServletAdvice() {}

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static int enter() {
        return EndpointBridge.enter();
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.Enter int token, @Advice.Argument(0) Object request) {
        if (token != EndpointBridge.NONE
                && !EndpointBridge.named()
                && request instanceof javax.servlet.http.HttpServletRequest r) {
            String pattern;
            try {
                javax.servlet.http.HttpServletMapping m = r.getHttpServletMapping();
                pattern = m == null ? null : m.getPattern();
            } catch (Throwable t) {
                pattern = null;
            }
            if (pattern == null) pattern = r.getServletPath();
            if (!pattern.startsWith("/")) pattern = "/" + pattern;
            EndpointBridge.nameIfUnnamed(r.getMethod() + " " + r.getContextPath() + pattern);
        }
        EndpointBridge.exit(token);
    }
}
