package io.wirecost.agent.endpoint;

import static net.bytebuddy.matcher.ElementMatchers.declaresMethod;
import static net.bytebuddy.matcher.ElementMatchers.hasSuperType;
import static net.bytebuddy.matcher.ElementMatchers.isAbstract;
import static net.bytebuddy.matcher.ElementMatchers.isInterface;
import static net.bytebuddy.matcher.ElementMatchers.isSynthetic;
import static net.bytebuddy.matcher.ElementMatchers.nameStartsWith;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.not;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import java.lang.instrument.Instrumentation;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Logger;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.matcher.ElementMatcher;
import net.bytebuddy.utility.JavaModule;

/**
 * Installs the request boundaries ({@code endpoints=on}) with Byte Buddy, a maintained instrumentation
 * library: advice inlined into servlets and filter chains (javax and jakarta), JAX-RS resource methods and
 * sub-resource locators,
 * Spring MVC handler methods and grpc-java's server calls ({@link GrpcAdvice}). Advice only adds code around method bodies, so classes keep their shape
 * (retransformable when attached late); a class Byte Buddy cannot transform is left as it was and counted
 * ({@link #failures()}).
 *
 * <p>The advice reaches {@link io.wirecost.agent.bridge.EndpointBridge} through the system class loader, which
 * holds the agent's jar: every loader that delegates to it (Tomcat's, Jetty's and Spring Boot's do) sees it.
 * Putting it on the bootstrap class path instead would reach OSGi bundles too, but the JVM then turns class
 * data sharing off for application classes and prints a warning into the host's output; a class whose
 * loader cannot see the bridge runs unchanged (the advice's errors are suppressed).
 */
public final class EndpointInstrumentation {

    private static final Logger LOG = Logger.getLogger("io.wirecost.agent");
    private static final AtomicLong FAILURES = new AtomicLong();
    private static final AtomicLong TRANSFORMED = new AtomicLong();

    private EndpointInstrumentation() {}

    /** Installs the advice; classes already loaded are retransformed. */
    public static void install(Instrumentation inst, int maxEndpoints) {
        io.wirecost.agent.bridge.EndpointBridge.enable(maxEndpoints);
        builder().installOn(inst);
    }

    static AgentBuilder builder() {
        return new AgentBuilder.Default()
                .disableClassFormatChanges()
                .with(AgentBuilder.RedefinitionStrategy.RETRANSFORMATION)
                .with(AgentBuilder.InitializationStrategy.NoOp.INSTANCE)
                .with(new Failures())
                .ignore(nameStartsWith("net.bytebuddy.")
                        .or(nameStartsWith("io.wirecost.agent."))
                        .or(nameStartsWith("java."))
                        .or(nameStartsWith("jdk."))
                        .or(nameStartsWith("sun."))
                        .or(nameStartsWith("com.sun."))
                        .or(isSynthetic()))
                .type(servletTypes("jakarta.servlet"), new Sees("jakarta/servlet/Servlet.class"))
                .transform(servletAdvice("jakarta.servlet", JakartaServletAdvice.class))
                .type(servletTypes("javax.servlet"), new Sees("javax/servlet/Servlet.class"))
                .transform(servletAdvice("javax.servlet", JavaxServletAdvice.class))
                .type(
                        EndpointInstrumentation::declaresHandler,
                        new Sees(
                                "jakarta/ws/rs/Path.class",
                                "javax/ws/rs/Path.class",
                                "org/springframework/web/bind/annotation/RequestMapping.class"))
                .transform(EndpointInstrumentation::handlers)
                .type(
                        // grpc-java's own handlers (stub's unary and streaming ones, the interceptors'): the name
                        // first, so that no other class of the host has its super types resolved for this
                        nameStartsWith("io.grpc.").and(not(isInterface())).and(hasSuperType(named(GRPC_HANDLER))),
                        new Sees(GRPC_SEEN))
                .transform((builder, type, loader, module, domain) ->
                        builder.visit(Advice.to(GrpcAdvice.StartCall.class, BoundaryExit.class)
                                .on(named("startCall").and(takesArguments(2)).and(not(isAbstract())))))
                .type(named(GRPC_LISTENER), new Sees(GRPC_SEEN))
                .transform((builder, type, loader, module, domain) -> builder.visit(
                                Advice.to(GrpcAdvice.Callback.class, BoundaryExit.class)
                                        .on(named("messagesAvailable")
                                                .or(named("halfClosed"))
                                                .or(named("onReady"))))
                        .visit(Advice.to(GrpcAdvice.Closed.class, BoundaryExit.class)
                                .on(named("closed").and(takesArguments(1)))));
    }

    private static final String GRPC_HANDLER = "io.grpc.ServerCallHandler";
    /** grpc-core's per-call listener, where each callback of a call runs on the server's executor. */
    private static final String GRPC_LISTENER = "io.grpc.internal.ServerCallImpl$ServerStreamListenerImpl";

    private static final String GRPC_SEEN = "io/grpc/ServerCall.class";

    /**
     * Servlets and filter chains that declare what the advice goes on: the class's own methods are asked first, from
     * its own class file, so that only those few have their super types resolved. Every class a loader that sees
     * {@code Servlet} loads is matched here (an application with embedded Tomcat: all of them), and resolving each
     * one's super types read their class files again for every class.
     */
    private static ElementMatcher.Junction<TypeDescription> servletTypes(String pkg) {
        return not(isInterface())
                .and(declaresMethod(servletMethods(pkg)))
                .and(hasSuperType(named(pkg + ".Servlet").or(named(pkg + ".FilterChain"))));
    }

    private static ElementMatcher.Junction<MethodDescription> servletMethods(String pkg) {
        return named("service")
                .or(named("doFilter"))
                .and(takesArguments(2))
                .and(takesArgument(0, named(pkg + ".ServletRequest")))
                .and(not(isAbstract()));
    }

    private static AgentBuilder.Transformer servletAdvice(String pkg, Class<?> advice) {
        return (builder, type, loader, module, domain) ->
                builder.visit(Advice.to(advice).on(servletMethods(pkg)));
    }

    /**
     * Whether a class declares a handler method: annotated itself, or implementing an annotated method of a super
     * type ({@link Routes#of}). The annotations of its own methods are looked at first; its super types are read only
     * when none has any, and walked once more per method only when one of them declares a handler.
     */
    static boolean declaresHandler(TypeDescription type) {
        if (type.isInterface()) return false;
        for (MethodDescription m : type.getDeclaredMethods()) {
            if (!m.isAbstract()
                    && (m.getDeclaredAnnotations().stream()
                                    .anyMatch(a -> Routes.isHandlerAnnotation(
                                            a.getAnnotationType().getName()))
                            || Routes.locator(type, m, true) != null)) {
                return true;
            }
        }
        if (!Routes.inheritsHandlers(type)) return false;
        for (MethodDescription m : type.getDeclaredMethods()) {
            if (!m.isAbstract() && Routes.of(type, m) != null) return true;
        }
        return false;
    }

    private static DynamicType.Builder<?> handlers(
            DynamicType.Builder<?> builder,
            TypeDescription type,
            ClassLoader loader,
            JavaModule module,
            java.security.ProtectionDomain domain) {
        DynamicType.Builder<?> b = builder;
        for (MethodDescription.InDefinedShape m : type.getDeclaredMethods()) {
            if (m.isAbstract()) continue;
            String route = Routes.of(type, m);
            if (route != null) {
                b = b.visit(Advice.withCustomMapping()
                        .bind(HandlerAdvice.Route.class, route)
                        .bind(HandlerAdvice.Relative.class, Routes.relative(type, m))
                        .to(HandlerAdvice.class, BoundaryExit.class)
                        .on(net.bytebuddy.matcher.ElementMatchers.is(m)));
                continue;
            }
            String locator = Routes.locator(type, m, true);
            if (locator != null) {
                b = b.visit(Advice.withCustomMapping()
                        .bind(HandlerAdvice.Route.class, locator)
                        .bind(HandlerAdvice.Relative.class, Routes.locator(type, m, false))
                        .to(HandlerAdvice.Locator.class)
                        .on(net.bytebuddy.matcher.ElementMatchers.is(m)));
            }
        }
        return b;
    }

    /**
     * Whether a class loader sees a framework at all, asked once per loader: a class whose loader cannot load
     * {@code Servlet} is no servlet, and is not worth resolving its super types for. This keeps the matching
     * of every class the host loads cheap where most loaders hold no web framework.
     */
    private static final class Sees implements ElementMatcher<ClassLoader> {
        private final String[] resources;
        private final java.util.Map<ClassLoader, Boolean> seen =
                java.util.Collections.synchronizedMap(new java.util.WeakHashMap<>());

        Sees(String... resources) {
            this.resources = resources;
        }

        @Override
        public boolean matches(ClassLoader loader) {
            if (loader == null) return false; // the bootstrap loader holds no web framework
            return seen.computeIfAbsent(loader, l -> {
                for (String r : resources) if (l.getResource(r) != null) return true;
                return false;
            });
        }
    }

    /** Classes Byte Buddy could not transform (left as they were). */
    public static long failures() {
        return FAILURES.get();
    }

    /** Classes instrumented so far. */
    public static long transformed() {
        return TRANSFORMED.get();
    }

    /** Counts; a class that cannot be transformed is named once at FINE and otherwise left alone. */
    private static final class Failures extends AgentBuilder.Listener.Adapter {
        @Override
        public void onTransformation(
                TypeDescription type, ClassLoader loader, JavaModule module, boolean loaded, DynamicType dynamicType) {
            TRANSFORMED.incrementAndGet();
        }

        @Override
        public void onError(String name, ClassLoader loader, JavaModule module, boolean loaded, Throwable error) {
            FAILURES.incrementAndGet();
            LOG.fine("wirecost agent: " + name + " left uninstrumented: " + error);
        }
    }
}
