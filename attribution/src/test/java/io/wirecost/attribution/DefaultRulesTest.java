package io.wirecost.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The shipped default.rules applied to stacks as profilers report them on JDK 8, 17 and 25. Stacks are
 * written leaf first, as in a recording; native (C) frames are the ones without a dotted Java name.
 */
class DefaultRulesTest {

    private static final RuleSet RULES = RuleSet.defaults();

    /** Category name for a stack of frames given leaf first, on an application thread. */
    private static String classify(String... leafFirst) {
        return classifyOn("main", leafFirst);
    }

    private static String classifyOn(String thread, String... leafFirst) {
        List<Frame> frames = new ArrayList<>();
        for (String f : leafFirst) frames.add(Frame.parse(f));
        return RULES.category(RULES.classify(frames, thread)).name();
    }

    @Test
    void frameParsingSeparatesNativeFromJava() {
        // the stacks below rely on this: libc and JNI symbols are native, dotted names are Java
        assertTrue(Frame.parse("__GI___libc_write").isNative());
        assertTrue(Frame.parse("Java_sun_nio_ch_FileDispatcherImpl_write0").isNative());
        assertTrue(Frame.parse("PhaseIdealLoop::build_loop_tree").isNative());
        assertEquals(
                Frame.nativeSymbol("CompileBroker::compiler_thread_loop()"),
                Frame.parse("CompileBroker::compiler_thread_loop()"));
        assertEquals(
                Frame.java("java.net.Socket$SocketOutputStream", "write"),
                Frame.parse("java.net.Socket$SocketOutputStream.write"));
    }

    // ---- socket write

    @Test
    void jdk17SocketWriteUnderRmiCall() {
        assertEquals(
                "socket-write",
                classify(
                        "__GI___libc_write",
                        "Java_sun_nio_ch_FileDispatcherImpl_write0",
                        "sun.nio.ch.FileDispatcherImpl.write0",
                        "sun.nio.ch.SocketDispatcher.write",
                        "sun.nio.ch.NioSocketImpl.tryWrite",
                        "sun.nio.ch.NioSocketImpl.implWrite",
                        "sun.nio.ch.NioSocketImpl.write",
                        "sun.nio.ch.NioSocketImpl$2.write",
                        "java.net.Socket$SocketOutputStream.write",
                        "java.io.BufferedOutputStream.flushBuffer",
                        "java.io.BufferedOutputStream.flush",
                        "java.io.DataOutputStream.flush",
                        "sun.rmi.transport.tcp.TCPChannel.createConnection",
                        "sun.rmi.transport.tcp.TCPChannel.newConnection",
                        "sun.rmi.server.UnicastRef.invoke",
                        "java.rmi.server.RemoteObjectInvocationHandler.invokeRemoteMethod",
                        "java.rmi.server.RemoteObjectInvocationHandler.invoke",
                        "jdk.proxy2.$Proxy5.ping",
                        "io.wirecost.scenarios.harness.ClientMain.main"));
    }

    @Test
    void jdk25SocketWriteThroughSocketDispatcherWrite0() {
        // JDK 25 dropped FileDispatcherImpl from the socket path: the native method is SocketDispatcher.write0
        assertEquals(
                "socket-write",
                classify(
                        "__send",
                        "Java_sun_nio_ch_SocketDispatcher_write0",
                        "sun.nio.ch.SocketDispatcher.write0",
                        "sun.nio.ch.NioSocketImpl.tryWrite",
                        "sun.nio.ch.NioSocketImpl.implWrite",
                        "sun.nio.ch.NioSocketImpl.write",
                        "java.net.Socket$SocketOutputStream.implWrite",
                        "java.net.Socket$SocketOutputStream.write",
                        "java.io.BufferedOutputStream.flush",
                        "sun.rmi.transport.StreamRemoteCall.executeCall"));
    }

    @Test
    void jdk8SocketWrite0() {
        assertEquals(
                "socket-write",
                classify(
                        "__write_nocancel",
                        "NET_Send",
                        "Java_java_net_SocketOutputStream_socketWrite0",
                        "java.net.SocketOutputStream.socketWrite0",
                        "java.net.SocketOutputStream.socketWrite",
                        "java.net.SocketOutputStream.write",
                        "java.io.BufferedOutputStream.flushBuffer",
                        "java.io.BufferedOutputStream.flush",
                        "sun.rmi.transport.StreamRemoteCall.executeCall"));
    }

    @Test
    void tlsRecordWrittenToTheSocketIsSocketWrite() {
        // the leaf decides: TLS handing its record to the socket is socket time, not TLS time
        assertEquals(
                "socket-write",
                classify(
                        "sun.nio.ch.SocketDispatcher.write0",
                        "sun.nio.ch.NioSocketImpl.implWrite",
                        "java.net.Socket$SocketOutputStream.write",
                        "sun.security.ssl.SSLSocketOutputRecord.deliver",
                        "sun.security.ssl.SSLSocketImpl$AppOutputStream.write"));
    }

    // ---- socket read

    @Test
    void jdk17SocketRead() {
        assertEquals(
                "socket-read",
                classify(
                        "__GI___libc_read",
                        "Java_sun_nio_ch_FileDispatcherImpl_read0",
                        "sun.nio.ch.FileDispatcherImpl.read0",
                        "sun.nio.ch.SocketDispatcher.read",
                        "sun.nio.ch.NioSocketImpl.tryRead",
                        "sun.nio.ch.NioSocketImpl.implRead",
                        "sun.nio.ch.NioSocketImpl.read",
                        "sun.nio.ch.NioSocketImpl$1.read",
                        "java.net.Socket$SocketInputStream.read",
                        "java.io.BufferedInputStream.fill",
                        "java.io.BufferedInputStream.read",
                        "java.io.DataInputStream.readByte",
                        "sun.rmi.transport.StreamRemoteCall.executeCall"));
    }

    @Test
    void jdk17TimedReadWaitingInPoll() {
        assertEquals(
                "socket-read",
                classify(
                        "__GI___poll",
                        "Java_sun_nio_ch_Net_poll",
                        "sun.nio.ch.Net.poll",
                        "sun.nio.ch.NioSocketImpl.park",
                        "sun.nio.ch.NioSocketImpl.timedRead",
                        "sun.nio.ch.NioSocketImpl.implRead",
                        "sun.nio.ch.NioSocketImpl.read",
                        "java.net.Socket$SocketInputStream.read",
                        "sun.rmi.transport.tcp.TCPTransport$ConnectionHandler.run0"));
    }

    @Test
    void jdk25SocketReadThroughSocketDispatcherRead0() {
        assertEquals(
                "socket-read",
                classify(
                        "__recv",
                        "Java_sun_nio_ch_SocketDispatcher_read0",
                        "sun.nio.ch.SocketDispatcher.read0",
                        "sun.nio.ch.NioSocketImpl.tryRead",
                        "sun.nio.ch.NioSocketImpl.timedRead",
                        "sun.nio.ch.NioSocketImpl.implRead",
                        "sun.nio.ch.NioSocketImpl.read",
                        "java.net.Socket$SocketInputStream.implRead",
                        "java.net.Socket$SocketInputStream.read",
                        "java.io.BufferedInputStream.fill"));
        assertEquals(
                "socket-read",
                classify(
                        "sun.nio.ch.Net.poll",
                        "sun.nio.ch.NioSocketImpl.park",
                        "sun.nio.ch.NioSocketImpl.timedRead",
                        "sun.nio.ch.NioSocketImpl.implRead"));
    }

    @Test
    void jdk8SocketRead0() {
        assertEquals(
                "socket-read",
                classify(
                        "java.net.SocketInputStream.socketRead0",
                        "java.net.SocketInputStream.socketRead",
                        "java.net.SocketInputStream.read",
                        "java.io.BufferedInputStream.fill"));
    }

    // ---- connect

    @Test
    void jdk17Connect() {
        assertEquals(
                "socket-connect",
                classify(
                        "__GI___connect",
                        "Java_sun_nio_ch_Net_connect0",
                        "sun.nio.ch.Net.connect0",
                        "sun.nio.ch.Net.connect",
                        "sun.nio.ch.NioSocketImpl.connect",
                        "java.net.SocksSocketImpl.connect",
                        "java.net.Socket.connect",
                        "sun.rmi.transport.tcp.TCPDirectSocketFactory.createSocket",
                        "sun.rmi.transport.tcp.TCPEndpoint.newSocket"));
    }

    @Test
    void legacyPlainSocketImplConnect() {
        assertEquals(
                "socket-connect",
                classify(
                        "java.net.PlainSocketImpl.socketConnect",
                        "java.net.PlainSocketImpl.doConnect",
                        "java.net.PlainSocketImpl.connectToAddress",
                        "java.net.PlainSocketImpl.connect",
                        "java.net.Socket.connect"));
        assertEquals("socket-connect", classify("java.net.PlainSocketImpl.doConnect", "java.net.Socket.connect"));
        // other PlainSocketImpl methods are not connect time: the class rule after the method rules takes them
        assertEquals(
                "socket-other",
                classify("java.net.PlainSocketImpl.socketAvailable", "java.net.PlainSocketImpl.available"));
    }

    // ---- serialization and RMI

    @Test
    void serializationUnderRmiMarshalling() {
        assertEquals(
                "serialization-out",
                classify(
                        "java.io.ObjectOutputStream.writeObject0",
                        "java.io.ObjectOutputStream.writeObject",
                        "sun.rmi.server.UnicastRef.marshalValue",
                        "sun.rmi.server.UnicastRef.invoke"));
        assertEquals(
                "serialization-out",
                classify(
                        "java.io.ObjectOutputStream$BlockDataOutputStream.writeInt",
                        "java.io.ObjectOutputStream.writeInt",
                        "sun.rmi.server.UnicastRef.marshalValue"));
        assertEquals(
                "serialization-in",
                classify(
                        "java.io.ObjectInputStream.readObject0",
                        "java.io.ObjectInputStream.readObject",
                        "sun.rmi.server.UnicastRef.unmarshalValue",
                        "sun.rmi.server.UnicastRef.invoke"));
        assertEquals(
                "serialization-descriptors",
                classify(
                        "java.io.ObjectStreamClass.lookup",
                        "java.io.ObjectOutputStream.writeObject0",
                        "sun.rmi.server.UnicastRef.marshalValue"));
    }

    @Test
    void unmatchedLeafClimbsToRmiTransport() {
        assertEquals(
                "rmi-transport",
                classify(
                        "java.util.HashMap.getNode",
                        "java.util.HashMap.get",
                        "sun.rmi.transport.Transport.serviceCall",
                        "sun.rmi.transport.tcp.TCPTransport.handleMessages",
                        "java.lang.Thread.run"));
    }

    @Test
    void nearestClaimedFrameWinsOverRuleOrder() {
        // rmi-transport and rmi-server rules come before serialization-in in the file, but the
        // deserialising frame is nearer the leaf
        assertEquals(
                "serialization-in",
                classify(
                        "java.lang.String.hashCode",
                        "java.io.ObjectInputStream.readObject0",
                        "sun.rmi.server.UnicastServerRef.dispatch",
                        "sun.rmi.transport.Transport.serviceCall"));
        assertEquals(
                "rmi-server",
                classify("sun.rmi.server.UnicastServerRef.dispatch", "sun.rmi.transport.Transport.serviceCall"));
    }

    // ---- security

    @Test
    void tlsCryptoAndAccessControl() {
        assertEquals(
                "tls",
                classify(
                        "sun.security.ssl.SSLSocketImpl.startHandshake",
                        "sun.security.ssl.SSLSocketImpl.ensureNegotiated",
                        "sun.security.ssl.SSLSocketImpl$AppOutputStream.write"));
        assertEquals(
                "crypto",
                classify(
                        "com.sun.crypto.provider.GaloisCounterMode$GCMEngine.doLastBlock",
                        "com.sun.crypto.provider.GaloisCounterMode.engineDoFinal",
                        "javax.crypto.Cipher.doFinal",
                        "sun.security.ssl.SSLCipher$T13GcmWriteCipherGenerator$T13GcmWriteCipher.encrypt",
                        "sun.security.ssl.OutputRecord.t13Encrypt"));
        assertEquals("crypto", classify("sun.security.rsa.RSACore.crtCrypt", "sun.security.ssl.CertificateVerify"));
        assertEquals("crypto", classify("java.security.MessageDigest.digest"));
        // AccessController is in java.security too; the security-manager class rule comes first
        assertEquals(
                "security-manager",
                classify("java.security.AccessController.doPrivileged", "sun.rmi.transport.Transport.serviceCall"));
        assertEquals("security-manager", classify("java.lang.SecurityManager.checkPermission"));
    }

    // ---- HTTP and the java.net catch-all

    @Test
    void httpClientBeforeTheJavaNetCatchAll() {
        assertEquals(
                "http-client",
                classify(
                        "sun.net.www.protocol.http.HttpURLConnection.getInputStream",
                        "java.net.HttpURLConnection.getResponseCode"));
        // HttpURLConnection lives in java.net, whose package rule is socket-other: the class rule is earlier
        assertEquals("http-client", classify("java.net.HttpURLConnection.getResponseCode"));
        assertEquals("socket-other", classify("java.net.InetAddress.getByName"));
        assertEquals(
                "socket-other",
                classify("java.net.URLClassLoader.findClass"),
                "class java.net.URL must not claim java.net.URLClassLoader");
    }

    // ---- JVM threads

    @Test
    void compilerThreadsAreJitWhateverTheirStack() {
        // a socket frame on a compiler thread is still JIT: thread rules are tried first
        assertEquals("jit", classifyOn("C2 CompilerThre", "sun.nio.ch.SocketDispatcher.write0"));
        assertEquals("jit", classifyOn("C1 CompilerThread0", "java.lang.Thread.run"));
        assertEquals("jit", classifyOn("C2 CompilerThread1"));
    }

    @Test
    void gcAndVmThreads() {
        assertEquals("gc", classifyOn("GC Thread#0", "java.lang.Thread.run"));
        assertEquals("gc", classifyOn("G1 Conc#0", "java.lang.Thread.run"));
        assertEquals("gc", classifyOn("G1 Main Marker"));
        assertEquals("vm", classifyOn("VM Thread", "java.lang.Thread.run"));
        // exact names and globs are anchored: these are application threads
        assertEquals("other", classifyOn("G1", "java.lang.Thread.run"));
        assertEquals("other", classifyOn("VM Thread pool", "java.lang.Thread.run"));
        assertEquals("other", classifyOn("my GC Thread", "java.lang.Thread.run"));
    }

    @Test
    void compilerStackWithoutThreadNameIsJitByNativeFrame() {
        assertEquals(
                "jit",
                classifyOn(
                        null,
                        "PhaseIdealLoop::build_loop_tree",
                        "PhaseIdealLoop::build_and_optimize",
                        "Compile::Optimize",
                        "C2Compiler::compile_method",
                        "CompileBroker::invoke_compiler_on_method",
                        "CompileBroker::compiler_thread_loop",
                        "JavaThread::thread_main_inner",
                        "Thread::call_run",
                        "thread_native_entry"));
        assertEquals(
                "gc", classifyOn(null, "G1ParScanThreadState::trim_queue", "WorkerThread::run", "thread_native_entry"));
        assertEquals("vm", classifyOn(null, "VMThread::inner_execute", "VMThread::run", "thread_native_entry"));
    }

    // ---- fallback and application

    @Test
    void unmatchedStackIsOther() {
        assertEquals("other", classify("java.lang.Thread.run"));
        assertEquals("other", classify());
        assertEquals("other", classifyOn(null, "thread_native_entry"));
    }

    @Test
    void scenarioCodeIsApplicationAndTheTimingLoopIsTheHarness() {
        // the scenario's own client and service code on the call path
        assertEquals(
                "application",
                classify(
                        "java.util.ArrayList.add",
                        "io.wirecost.scenarios.RTTTesterImpl.echoString",
                        "io.wirecost.scenarios.tcp.TcpScenario$Client.call",
                        "io.wirecost.scenarios.harness.ClientMain.timeBatch",
                        "io.wirecost.scenarios.harness.ClientMain.main"));
        // the timing loop's own work, no rule claiming anything below it: the harness's
        assertEquals(
                "harness",
                classify(
                        "java.lang.System.nanoTime",
                        "io.wirecost.scenarios.harness.ClientMain.timeBatch",
                        "io.wirecost.scenarios.harness.ClientMain.measure",
                        "io.wirecost.scenarios.harness.ClientMain.main"));
    }

    // ---- the harness: its command loop, JSON and CPU readings are never a middleware category

    @Test
    void harnessJsonUnderTheCommandLoopIsTheHarnessesNotJson() {
        // CommandLoop.encode -> ObjectMapper.convertValue: a reply to the runner, between two timed batches
        assertEquals(
                "harness",
                classify(
                        "com.fasterxml.jackson.databind.ser.BeanSerializer.serialize",
                        "com.fasterxml.jackson.databind.ObjectMapper._convert",
                        "com.fasterxml.jackson.databind.ObjectMapper.convertValue",
                        "io.wirecost.scenarios.harness.CommandLoop.encode",
                        "io.wirecost.scenarios.harness.CommandLoop.run",
                        "io.wirecost.scenarios.harness.ClientMain.main"));
        assertEquals(
                "harness",
                classify(
                        "java.lang.String.split",
                        "io.wirecost.scenarios.harness.CommandLoop.readCommand",
                        "io.wirecost.scenarios.harness.CommandLoop.run",
                        "io.wirecost.scenarios.harness.ServerMain.main"));
        assertEquals(
                "harness",
                classify(
                        "sun.nio.ch.FileChannelImpl.read",
                        "io.wirecost.scenarios.harness.ProcessCpu.nanos",
                        "io.wirecost.scenarios.harness.ClientMain.timeBatchWithCpu",
                        "io.wirecost.scenarios.harness.ClientMain.measure",
                        "io.wirecost.scenarios.harness.CommandLoop.run"));
    }

    @Test
    void aStackTheProfilerCouldNotWalkIsNobodysMiddleware() {
        // async-profiler ends a stack it cannot walk in a break_* frame: the caller that would decide is unknown
        assertEquals(
                "unwalked",
                classify("com.fasterxml.jackson.databind.ser.std.BooleanSerializer.serialize", "break_stack_range"));
        assertEquals("unwalked", classify("sun.nio.ch.SocketDispatcher.write0", "break_compiled"));
        assertEquals(
                "unwalked",
                classify(
                        "I2C/C2I adapters",
                        "com.fasterxml.jackson.databind.ObjectMapper.writeValueAsString",
                        "unknown"));
        // a covering frame nearer the leaf still decides
        assertEquals(
                "harness",
                classify(
                        "com.fasterxml.jackson.databind.ObjectMapper.convertValue",
                        "io.wirecost.scenarios.harness.CommandLoop.encode",
                        "break_interpreted"));
    }

    @Test
    void middlewareUnderTheHarnessesLoopKeepsItsCategory() {
        // the timed calls run below CommandLoop.run and ClientMain.measure, which are not covering frames
        assertEquals(
                "rmi-transport",
                classify(
                        "sun.rmi.transport.StreamRemoteCall.executeCall",
                        "sun.rmi.server.UnicastRef.invoke",
                        "io.wirecost.scenarios.harness.ClientMain.timeBatch",
                        "io.wirecost.scenarios.harness.ClientMain.measure",
                        "io.wirecost.scenarios.harness.CommandLoop.run",
                        "io.wirecost.scenarios.harness.ClientMain.main"));
        // a REST scenario's own Jackson stays JSON
        assertEquals(
                "json",
                classify(
                        "com.fasterxml.jackson.core.json.UTF8JsonGenerator.writeString",
                        "org.glassfish.jersey.message.internal.WriterInterceptorExecutor.proceed",
                        "io.wirecost.scenarios.harness.ClientMain.timeBatch",
                        "io.wirecost.scenarios.harness.CommandLoop.run"));
        assertTrue(RULES.category(RULES.indexOf("harness")).group() == Category.Group.JVM);
    }

    /**
     * The agent's start runs on the host's threads, where no thread rule sees it: in a profiled program that holds no
     * wirecost code, its work (here the time-zone names its facts file's timestamp loads) is the profiler's, not the
     * 'application' category of wirecost's scenario code.
     */
    @Test
    void theAgentsStartOnTheHostsThreadsIsTheProfilers() {
        String[] facts = {
            "java.util.StringTokenizer.skipDelimiters",
            "sun.util.cldr.CLDRLocaleProviderAdapter.createLanguageTagSet",
            "java.util.TimeZone.getDisplayName",
            "io.wirecost.agent.ProcessFacts.writeBeside",
            "io.wirecost.agent.Agent.install",
            "io.wirecost.agent.Agent.start",
        };
        assertEquals("vm", classify(with(facts, "io.wirecost.agent.Agent.premain")));
        assertEquals("vm", classifyOn("Attach Listener", with(facts, "io.wirecost.agent.Agent.agentmain")));
        // the agent's frames elsewhere are not covered: its request boundaries' calls stay where they were
        assertEquals("application", classify("io.wirecost.agent.bridge.EndpointBridge.enter", "org.example.Shop.get"));
    }

    private static String[] with(String[] leafFirst, String root) {
        String[] all = java.util.Arrays.copyOf(leafFirst, leafFirst.length + 1);
        all[leafFirst.length] = root;
        return all;
    }

    @Test
    void paperRowsAreMiddlewareAndJvmCategoriesAreTheThreeExpected() {
        for (Category c : RULES.categories()) {
            if (!c.paperRow().isEmpty()) assertTrue(c.isMiddleware(), c.name());
        }
        assertEquals(
                List.of("jit", "gc", "vm", "harness", "unwalked"),
                RULES.categories().stream()
                        .filter(c -> !c.isMiddleware())
                        .map(Category::name)
                        .toList());
        assertEquals("other", RULES.category(RULES.fallbackIndex()).name());
    }
}
