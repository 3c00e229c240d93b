package io.wirecost.agent.endpoint;

import io.wirecost.agent.bridge.EndpointBridge;
import net.bytebuddy.asm.Advice;

/**
 * Inlined into grpc-java's server: a call is not one method on one thread but a series of callbacks, each a task
 * on the server's executor (grpc-java's default: a cached thread pool). {@code ServerCallHandler.startCall} creates
 * the call's listener; {@code ServerCallImpl.ServerStreamListenerImpl} then parses each message and hands it to
 * the service ({@code messagesAvailable}), runs the service's method and serialises its answer ({@code halfClosed},
 * for a unary call), and ends the call ({@code closed}, once per call whether it succeeded, failed or was
 * cancelled). Every callback is a segment of the call's endpoint; {@code closed} counts the request. The endpoint
 * is the method's full name ({@code package.Service/Method}), a fixed set per server. HTTP/2 framing and the
 * socket writes run on Netty's event loops and are not attributed to an endpoint.
 *
 * <p>{@code ServerStreamListenerImpl} is grpc-core's internal class (stable since grpc-java 1.0); where a release
 * renames it, calls are counted by nothing and their samples are not attributed, never misattributed.
 *
 * <p>Each class here is an enter; its exit is {@link BoundaryExit}.
 */
final class GrpcAdvice {

    private GrpcAdvice() {}

    /** {@code ServerCallHandler.startCall(ServerCall, Metadata)}: the method is its first argument's. */
    static final class StartCall {
        private StartCall() {}

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static int enter(@Advice.Argument(0) Object call) {
            return EndpointBridge.enterSegment(
                    ((io.grpc.ServerCall<?, ?>) call).getMethodDescriptor().getFullMethodName());
        }
    }

    /** {@code messagesAvailable}, {@code halfClosed}, {@code onReady}: the call's work between start and end. */
    static final class Callback {
        private Callback() {}

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static int enter(@Advice.FieldValue("call") Object call) {
            return EndpointBridge.enterSegment(
                    ((io.grpc.ServerCall<?, ?>) call).getMethodDescriptor().getFullMethodName());
        }
    }

    /** {@code closed(Status)}: the call's last callback, the request. */
    static final class Closed {
        private Closed() {}

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static int enter(@Advice.FieldValue("call") Object call) {
            return EndpointBridge.enter(
                    ((io.grpc.ServerCall<?, ?>) call).getMethodDescriptor().getFullMethodName());
        }
    }
}
