package io.wirecost.agent.endpoint;

import io.wirecost.agent.bridge.EndpointBridge;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import net.bytebuddy.asm.Advice;

/**
 * Inlined into JAX-RS resource methods and Spring MVC handler methods. The route template is read from the
 * annotations when the class is transformed ({@link Routes}) and inlined as a constant ({@link Route}), so
 * a call costs no reflection: it names the request its servlet opened, or is a request of its own where no
 * servlet runs (Jersey on the JDK's HTTP server, Netty).
 */
final class HandlerAdvice {

    private HandlerAdvice() {}

    /** Bound to the method's route template, computed at transformation. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.PARAMETER)
    @interface Route {}

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static int enter(@Route String route) {
        return EndpointBridge.enter(route);
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.Enter int token) {
        EndpointBridge.exit(token);
    }
}
