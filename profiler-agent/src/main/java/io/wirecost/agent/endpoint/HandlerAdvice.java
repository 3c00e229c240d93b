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
 * servlet runs (Jersey on the JDK's HTTP server, Netty). Its exit is {@link BoundaryExit}.
 */
final class HandlerAdvice {

    private HandlerAdvice() {}

    /** Bound to the method's route template, computed at transformation. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.PARAMETER)
    @interface Route {}

    /** Bound to the method's route without its class's path ({@link Routes#relative}), computed at transformation. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.PARAMETER)
    @interface Relative {}

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static int enter(@Route String route, @Relative String relative) {
        return EndpointBridge.enter(route, relative);
    }

    /**
     * Inlined into JAX-RS sub-resource locators: the locator's template, with its class's path ({@link Route}) or,
     * reached through another locator, without ({@link Relative}), prefixes the route of the handler it leads to.
     */
    static final class Locator {
        private Locator() {}

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Route String template, @Relative String relative) {
            EndpointBridge.locator(template, relative);
        }
    }
}
