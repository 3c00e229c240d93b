package io.wirecost.agent.endpoint;

import io.wirecost.agent.bridge.EndpointBridge;
import net.bytebuddy.asm.Advice;

/**
 * The exit shared by every advice whose exit only closes the boundary its enter opened, returned or thrown
 * ({@link GrpcAdvice}'s callbacks, {@link HandlerAdvice}): given to ByteBuddy beside each enter, as in
 * {@code Advice.to(GrpcAdvice.Closed.class, BoundaryExit.class)}, which binds {@link Advice.Enter} to that enter's
 * token. Advice is inlined, so it is shared this way rather than by a method the advice calls.
 */
final class BoundaryExit {

    private BoundaryExit() {}

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.Enter int token) {
        EndpointBridge.exit(token);
    }
}
