package io.wirecost.scenarios.grpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.NettyChannelBuilder;
import io.wirecost.scenarios.Endpoint;
import io.wirecost.scenarios.Operation;
import io.wirecost.scenarios.RttClient;
import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.ServerHandle;
import io.wirecost.scenarios.grpc.proto.Empty;
import io.wirecost.scenarios.grpc.proto.RttTesterGrpc;
import io.wirecost.scenarios.security.KeyMaterial;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * grpc-tls demands a client certificate of the run's CA: a client that trusts the server but presents no
 * certificate is refused (UNAVAILABLE, the handshake fails), while the scenario's own client, with the
 * same trust and the run's certificate, gets every answer over TLS 1.2 or 1.3.
 */
class GrpcTlsClientAuthTest {

    @TempDir
    static Path tmp;

    static ScenarioConfig config;
    static ServerHandle server;

    @BeforeAll
    static void start() throws Exception {
        KeyMaterial keys = KeyMaterial.generate(tmp.resolve("keys"), Duration.ofHours(1));
        config = new ScenarioConfig(64, keys.dir());
        server = new GrpcTlsScenario().startServer(config);
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    @Test
    void aClientWithoutCertificateIsRefused() throws Exception {
        Endpoint ep = server.endpoint();
        ManagedChannel channel = NettyChannelBuilder.forAddress(ep.get("host"), ep.port("port"))
                .sslContext(GrpcTlsScenario.clientContext(config, false))
                .overrideAuthority(GrpcTlsScenario.AUTHORITY)
                .build();
        try {
            StatusRuntimeException e = assertThrows(
                    StatusRuntimeException.class,
                    () -> RttTesterGrpc.newBlockingStub(channel)
                            .withDeadlineAfter(10, TimeUnit.SECONDS)
                            .returnRttForInt(Empty.getDefaultInstance()));
            assertEquals(io.grpc.Status.Code.UNAVAILABLE, e.getStatus().getCode(), e.toString());
        } finally {
            channel.shutdownNow();
        }
        assertEquals("0", server.info().get("service.invocations"));
    }

    @Test
    void theRunsClientGetsEveryAnswerOverTls() throws Exception {
        try (RttClient client = new GrpcTlsScenario().connect(server.endpoint(), config)) {
            for (Operation op : Operation.values()) client.invocation(op).call();
            Map<String, String> info = client.info();
            assertTrue(info.get("tls.protocol").matches("TLSv1\\.[23]"), info.toString());
        }
    }
}
