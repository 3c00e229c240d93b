package io.wirecost.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The default rules on stacks from real profiles of today's transports (issue 14), written leaf first
 * and cut to the frames that matter: grpc and grpc-tls (grpc-java 1.85.1, Netty 4.2.17, protobuf 3.25.9),
 * rest-json and rest-json-h2 (Jersey 3.1.12, Jackson, Tomcat 10.1.55, the JDK 17 HttpClient). Each
 * new category claims its library's frames, and the older ones (sockets, TLS, crypto, the HTTP server)
 * still claim theirs when those frames run under Netty, Jersey or the JDK client.
 */
class TodayRulesTest {

    private static final RuleSet RULES = RuleSet.defaults();

    private static String classify(String... leafFirst) {
        List<Frame> frames = new ArrayList<>();
        for (String f : leafFirst) frames.add(Frame.parse(f));
        return RULES.category(RULES.classify(frames, "worker")).name();
    }

    // ---- grpc (grpc-server.jfr, grpc-client.jfr)

    @Test
    void protobufEncodingUnderGrpcsFramer() {
        assertEquals(
                "protobuf",
                classify(
                        "com.google.protobuf.CodedOutputStream.newInstance",
                        "com.google.protobuf.AbstractMessageLite.writeTo",
                        "io.grpc.protobuf.lite.ProtoInputStream.drainTo",
                        "io.grpc.internal.MessageFramer.writeToOutputStream",
                        "io.grpc.internal.MessageFramer.writeKnownLengthUncompressed"));
    }

    @Test
    void protobufDecodingIsGrpcsMarshallerAndTheGeneratedClasses() {
        assertEquals(
                "protobuf",
                classify(
                        "io.grpc.protobuf.lite.ProtoLiteUtils$MessageMarshaller.parse",
                        "io.grpc.MethodDescriptor.parseResponse",
                        "io.grpc.internal.ClientCallImpl$ClientStreamListenerImpl$1MessagesAvailable.runInternal",
                        "io.grpc.internal.SerializingExecutor.run",
                        "io.grpc.stub.ClientCalls$ThreadlessExecutor.waitAndDrain"));
        assertEquals(
                "protobuf",
                classify(
                        "io.wirecost.scenarios.grpc.proto.IntValue.getValue",
                        "io.wirecost.scenarios.grpc.StubTester.returnRTTforInt",
                        "io.wirecost.scenarios.Answers.lambda$bind$0"));
    }

    @Test
    void nettyBuffersAndEventLoop() {
        // a buffer operation inside the HTTP/2 frame writer is Netty's: the leaf-most claimed frame decides
        assertEquals(
                "netty",
                classify(
                        "io.netty.buffer.EmptyByteBuf.checkLength",
                        "io.netty.buffer.EmptyByteBuf.readSlice",
                        "io.netty.handler.codec.http2.DefaultHttp2FrameWriter.writeData",
                        "io.netty.handler.codec.http2.Http2OutboundFrameLogger.writeData",
                        "io.grpc.netty.NettyClientHandler$PingCountingFrameWriter.writeData"));
        assertEquals(
                "netty",
                classify(
                        "io.netty.channel.nio.NioIoHandler.run",
                        "io.netty.channel.SingleThreadIoEventLoop.runIo",
                        "io.netty.util.concurrent.SingleThreadEventExecutor$5.run",
                        "io.netty.util.concurrent.FastThreadLocalRunnable.run",
                        "java.lang.Thread.run"));
        // Netty's leak detector records a stack trace for one buffer in 128
        assertEquals(
                "netty",
                classify(
                        "java.lang.Throwable.fillInStackTrace",
                        "java.lang.Throwable.<init>",
                        "io.netty.util.ResourceLeakDetector$TraceRecord.<init>",
                        "io.netty.util.ResourceLeakDetector.track",
                        "io.netty.buffer.PooledByteBufAllocator.newDirectBuffer"));
    }

    @Test
    void http2FramingAndHpackInNetty() {
        assertEquals(
                "http2",
                classify(
                        "io.netty.handler.codec.http2.HpackDecoder.decodeDynamicTableSizeUpdates",
                        "io.netty.handler.codec.http2.HpackDecoder.decode",
                        "io.netty.handler.codec.http2.DefaultHttp2HeadersDecoder.decodeHeaders"));
        assertEquals(
                "http2",
                classify(
                        "io.netty.handler.codec.http2.DefaultHttp2RemoteFlowController.writePendingBytes",
                        "io.netty.handler.codec.http2.Http2ConnectionHandler.flush",
                        "io.netty.channel.AbstractChannelHandlerContext.flush"));
    }

    @Test
    void grpcRuntimeWaitsAndHandsOff() {
        // the blocking stub parks the caller until the event loop hands it the answer
        assertEquals(
                "grpc",
                classify(
                        "jdk.internal.misc.Unsafe.park",
                        "java.util.concurrent.locks.LockSupport.park",
                        "io.grpc.stub.ClientCalls$ThreadlessExecutor.waitAndDrain",
                        "io.grpc.stub.ClientCalls.blockingUnaryCall",
                        "io.wirecost.scenarios.grpc.proto.RttTesterGrpc$RttTesterBlockingStub.returnRttForInt"));
        // the server hands each call from the event loop to its executor's thread
        assertEquals(
                "grpc",
                classify(
                        "jdk.internal.misc.Unsafe.unpark",
                        "java.util.concurrent.locks.LockSupport.unpark",
                        "java.util.concurrent.SynchronousQueue$TransferStack.transfer",
                        "java.util.concurrent.ThreadPoolExecutor.execute",
                        "io.grpc.internal.SerializingExecutor.schedule",
                        "io.grpc.internal.ServerImpl$JumpToApplicationThreadServerStreamListener.messagesAvailable",
                        "io.grpc.netty.NettyServerStream$TransportState.deframe"));
    }

    @Test
    void socketsStillClaimTheirFramesUnderNetty() {
        assertEquals(
                "socket-write",
                classify(
                        "sun.nio.ch.FileDispatcherImpl.writev0",
                        "sun.nio.ch.SocketDispatcher.writev",
                        "sun.nio.ch.IOUtil.write",
                        "sun.nio.ch.SocketChannelImpl.write",
                        "io.netty.channel.socket.nio.NioSocketChannel.doWrite"));
        // the selector's wake-up is NIO work, as for every NIO server
        assertEquals(
                "socket-other",
                classify(
                        "sun.nio.ch.EventFD.set0",
                        "sun.nio.ch.EPollSelectorImpl.wakeup",
                        "io.netty.channel.nio.SelectedSelectionKeySetSelector.wakeup",
                        "io.netty.channel.nio.NioIoHandler.wakeup"));
    }

    // ---- grpc-tls (grpc-tls-server.jfr): JSSE under Netty's SslHandler is still tls and crypto

    @Test
    void tlsAndCryptoUnderNettysSslHandler() {
        assertEquals(
                "crypto",
                classify(
                        "com.sun.crypto.provider.GHASH.<init>",
                        "com.sun.crypto.provider.GaloisCounterMode.engineDoFinal",
                        "javax.crypto.Cipher.doFinal",
                        "sun.security.ssl.SSLCipher$T13GcmReadCipherGenerator$GcmReadCipher.decrypt",
                        "sun.security.ssl.SSLEngineImpl.unwrap",
                        "io.netty.handler.ssl.JdkSslEngine.unwrap",
                        "io.netty.handler.ssl.SslHandler.unwrap"));
        assertEquals(
                "tls",
                classify(
                        "java.util.concurrent.locks.ReentrantLock.lock",
                        "sun.security.ssl.SSLSessionImpl.getPacketBufferSize",
                        "sun.security.ssl.SSLEngineImpl.readRecord",
                        "io.netty.handler.ssl.JdkAlpnSslEngine.unwrap",
                        "io.netty.handler.ssl.SslHandler.decode"));
        assertEquals(
                "tls",
                classify(
                        "io.netty.handler.ssl.SslHandler.wrapAndFlush",
                        "io.netty.handler.ssl.SslHandler.flush",
                        "io.netty.handler.codec.http2.Http2ConnectionHandler.flush"));
    }
    // ---- rest-json and rest-json-h2 (rest-json-server.jfr, rest-json-h2-server.jfr, rest-json-h2-client.jfr)

    @Test
    void jacksonIsJsonOnBothSides() {
        assertEquals(
                "json",
                classify(
                        "com.fasterxml.jackson.databind.SerializerProvider.<init>",
                        "com.fasterxml.jackson.databind.ser.DefaultSerializerProvider$Impl.createInstance",
                        "com.fasterxml.jackson.databind.ObjectWriter._serializerProvider",
                        "com.fasterxml.jackson.databind.ObjectWriter.forType",
                        "org.glassfish.jersey.jackson.internal.jackson.jaxrs.base.ProviderBase.writeTo"));
        assertEquals(
                "json",
                classify(
                        "com.fasterxml.jackson.databind.deser.BeanDeserializer.deserialize",
                        "com.fasterxml.jackson.databind.deser.DefaultDeserializationContext.readRootValue",
                        "com.fasterxml.jackson.databind.ObjectMapper.readValue",
                        "io.wirecost.scenarios.rest.JsonClient.read",
                        "io.wirecost.scenarios.rest.JsonClient.returnRTTforInt"));
        // Jersey's own copy of Jackson's JAX-RS provider is Jersey's glue, not Jackson
        assertEquals(
                "jaxrs",
                classify(
                        "org.glassfish.jersey.jackson.internal.jackson.jaxrs.base.ProviderBase.writeTo",
                        "org.glassfish.jersey.message.internal.WriterInterceptorExecutor$TerminalWriterInterceptor.invokeWriteTo"));
    }

    @Test
    void jerseysRuntimeIsJaxrs() {
        assertEquals(
                "jaxrs",
                classify(
                        "org.glassfish.jersey.server.internal.process.DefaultCloseableService.close",
                        "org.glassfish.jersey.server.ServerRuntime$Responder.release",
                        "org.glassfish.jersey.server.ServerRuntime$Responder.process",
                        "org.glassfish.jersey.server.ServerRuntime$1.run",
                        "org.glassfish.jersey.internal.Errors.process",
                        "org.glassfish.jersey.process.internal.RequestScope.runInScope",
                        "org.glassfish.jersey.servlet.ServletContainer.service",
                        "jakarta.servlet.http.HttpServlet.service",
                        "org.apache.catalina.core.ApplicationFilterChain.internalDoFilter"));
    }

    @Test
    void tomcatsHttp11IsStillTheHttpServerAndItsHttp2IsHttp2() {
        assertEquals(
                "http-server",
                classify(
                        "org.apache.coyote.http11.Http11OutputBuffer.nextRequest",
                        "org.apache.coyote.http11.Http11Processor.service",
                        "org.apache.coyote.AbstractProcessorLight.process",
                        "org.apache.tomcat.util.net.NioEndpoint$SocketProcessor.doRun",
                        "org.apache.tomcat.util.threads.ThreadPoolExecutor.runWorker"));
        assertEquals(
                "http2",
                classify(
                        "org.apache.coyote.http2.HpackDecoder.decode",
                        "org.apache.coyote.http2.Http2Parser.readHeaderPayload",
                        "org.apache.coyote.http2.Http2Parser.readHeadersFrame",
                        "org.apache.coyote.http2.Http2AsyncParser$FrameCompletionHandler.completed",
                        "org.apache.tomcat.util.net.SocketWrapperBase$VectoredIOCompletionHandler.completed",
                        "org.apache.tomcat.util.threads.ThreadPoolExecutor.runWorker"));
        assertEquals(
                "http2",
                classify(
                        "org.apache.coyote.http2.Http2UpgradeHandler.getStream",
                        "org.apache.coyote.http2.Http2UpgradeHandler.headersStart",
                        "org.apache.coyote.http2.Http2Parser.readHeadersFrame"));
    }

    @Test
    void theJdkClientsHttp2FramingAndHpackAreHttp2AndTheRestIsTheClient() {
        assertEquals(
                "http2",
                classify(
                        "jdk.internal.net.http.hpack.QuickHuffman$ImmutableNode.getChild",
                        "jdk.internal.net.http.hpack.QuickHuffman$Reader.read",
                        "jdk.internal.net.http.hpack.Decoder.decode",
                        "jdk.internal.net.http.Http2Connection.decodeHeaders",
                        "jdk.internal.net.http.Http2Connection.processFrame"));
        assertEquals(
                "http2",
                classify(
                        "jdk.internal.net.http.frame.FramesDecoder.parseDataFrame",
                        "jdk.internal.net.http.frame.FramesDecoder.decode",
                        "jdk.internal.net.http.Http2Connection$FramesController.processReceivedData",
                        "jdk.internal.net.http.common.SequentialScheduler$LockingRestartableTask.run"));
        assertEquals(
                "http2",
                classify(
                        "jdk.internal.net.http.Http2Connection.sendFrame",
                        "jdk.internal.net.http.Stream.sendHeadersAsync",
                        "jdk.internal.net.http.Exchange.lambda$responseAsyncImpl0$9"));
        assertEquals("jdk-httpclient", classify("jdk.internal.net.http.HttpClientImpl$SelectorManager.run"));
        assertEquals(
                "jdk-httpclient",
                classify(
                        "java.util.concurrent.CompletableFuture.get",
                        "jdk.internal.net.http.HttpClientImpl.send",
                        "io.wirecost.scenarios.rest.JsonClient.read"));
        // the JDK client's socket I/O keeps its own categories
        assertEquals(
                "socket-write",
                classify(
                        "sun.nio.ch.SocketDispatcher.write",
                        "sun.nio.ch.IOUtil.write",
                        "sun.nio.ch.SocketChannelImpl.write",
                        "jdk.internal.net.http.SocketTube$InternalWriteSubscriber.tryFlushCurrent"));
    }
}
