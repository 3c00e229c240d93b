package io.wirecost.scenarios.grpc;

import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.NettyServerBuilder;
import io.wirecost.scenarios.BoundClient;
import io.wirecost.scenarios.CountingTester;
import io.wirecost.scenarios.Endpoint;
import io.wirecost.scenarios.RttClient;
import io.wirecost.scenarios.Scenario;
import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.ServerHandle;
import io.wirecost.scenarios.grpc.proto.PayloadTesterGrpc;
import io.wirecost.scenarios.grpc.proto.RttTesterGrpc;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code grpc}: today's answer to the papers' RMI, grpc-java over Netty with protobuf messages generated
 * at build time from {@code src/main/proto/rtt.proto} (RTTTester's eight operations and the payloads of
 * seeds 001 and 003). Unary calls on one channel (one HTTP/2 connection, a stream per call), plaintext
 * (HTTP/2 with prior knowledge), grpc-java's defaults otherwise: NIO transport, the server's cached
 * thread pool, the blocking stub. No paper has a column for it ("today only").
 *
 * <p>Instantiation is building the channel and the first call: the channel connects lazily, so the
 * first call pays the TCP (and for {@code grpc-tls} the TLS) handshake and HTTP/2's settings exchange.
 *
 * <p>Run alone: {@code ./wirecost run --scenarios grpc}; serve it: {@code ./wirecost serve --scenario grpc}.
 */
public class GrpcScenario implements Scenario {

    /** gRPC refuses messages over 4 MiB by default; seed 003's largest array (Payload.MAX_INTS) takes up to 5 MB as varints. */
    static final int MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

    @Override
    public ServerHandle startServer(ScenarioConfig config) throws Exception {
        CountingTester service = CountingTester.serving(config);
        NettyServerBuilder builder = NettyServerBuilder.forAddress(new InetSocketAddress(config.bindHost(), 0))
                .addService(new RttService(service))
                .addService(new PayloadGrpcService())
                .maxInboundMessageSize(MAX_MESSAGE_BYTES);
        secureServer(builder, config);
        Server server = builder.build().start();
        Endpoint ep = Endpoint.of("host", config.bindHost(), "port", String.valueOf(server.getPort()));
        return ServerHandle.of(
                ep,
                () -> {
                    Map<String, String> m = new LinkedHashMap<>(stack());
                    m.put("service.invocations", String.valueOf(service.invocations()));
                    m.putAll(serverInfo());
                    return m;
                },
                () -> {
                    server.shutdown();
                    if (!server.awaitTermination(5, TimeUnit.SECONDS)) server.shutdownNow();
                });
    }

    @Override
    public RttClient connect(Endpoint endpoint, ScenarioConfig config) throws Exception {
        NettyChannelBuilder builder = NettyChannelBuilder.forAddress(endpoint.get("host"), endpoint.port("port"))
                .maxInboundMessageSize(MAX_MESSAGE_BYTES);
        secureChannel(builder, config);
        ManagedChannel channel = builder.build();
        return BoundClient.to(new StubTester(RttTesterGrpc.newBlockingStub(channel)), config)
                .payloads(
                        "the gRPC payload service",
                        () -> new StubPayloadTester(PayloadTesterGrpc.newBlockingStub(channel)))
                .info(() -> {
                    Map<String, String> m = new LinkedHashMap<>(stack());
                    m.put("grpc.channel", "one ManagedChannel, unary blocking calls");
                    m.putAll(clientInfo(channel));
                    return m;
                })
                .onClose(() -> {
                    channel.shutdown();
                    if (!channel.awaitTermination(5, TimeUnit.SECONDS)) channel.shutdownNow();
                })
                .build();
    }

    private static Map<String, String> stack() {
        Map<String, String> m = new LinkedHashMap<>();
        java.util.Properties versions = new java.util.Properties();
        try (java.io.InputStream in = GrpcScenario.class.getResourceAsStream("versions.properties")) {
            versions.load(in);
        } catch (java.io.IOException | NullPointerException e) {
            // reported as unknown below
        }
        m.put("grpc.version", versions.getProperty("grpc.version", "unknown"));
        m.put(
                "netty.version",
                io.netty.util.Version.identify().values().stream()
                        .filter(v -> v.artifactId().equals("netty-codec-http2"))
                        .map(io.netty.util.Version::artifactVersion)
                        .findFirst()
                        .orElse("unknown"));
        m.put("protobuf.version", versions.getProperty("protobuf.version", "unknown"));
        return m;
    }

    // ---- what grpc-tls adds; grpc is plaintext

    protected void secureServer(NettyServerBuilder builder, ScenarioConfig config) throws Exception {}

    protected void secureChannel(NettyChannelBuilder builder, ScenarioConfig config) throws Exception {
        builder.usePlaintext();
    }

    protected Map<String, String> serverInfo() {
        return Map.of("transport.security", "plaintext (h2c, prior knowledge)");
    }

    protected Map<String, String> clientInfo(ManagedChannel channel) {
        return Map.of("transport.security", "plaintext (h2c, prior knowledge)");
    }
}
