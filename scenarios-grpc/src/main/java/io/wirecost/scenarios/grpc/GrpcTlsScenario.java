package io.wirecost.scenarios.grpc;

import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ClientInterceptors;
import io.grpc.ForwardingClientCall;
import io.grpc.ForwardingClientCallListener;
import io.grpc.Grpc;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.netty.GrpcSslContexts;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.NettyServerBuilder;
import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslProvider;
import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.grpc.proto.Empty;
import io.wirecost.scenarios.grpc.proto.RttTesterGrpc;
import io.wirecost.scenarios.rmi.RmiSslScenario;
import io.wirecost.scenarios.security.KeyMaterial;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLSession;
import javax.net.ssl.TrustManagerFactory;

/**
 * {@code grpc-tls}: {@code grpc} over TLS with client authentication, the counterpart of {@code rmi-ssl}.
 * Keys and certificates are generated for each run ({@link KeyMaterial}, as for rmi-ssl); the server
 * requires a client certificate of the run's CA and accepts TLS 1.3 and 1.2 only. TLS is the JDK's
 * (SunJSSE through Netty's {@code SslProvider.JDK}), not netty-tcnative's OpenSSL, so its cost lands in
 * the same tls and crypto categories as rmi-ssl's and ws-security's; ALPN selects {@code h2}.
 *
 * <p>Run alone: {@code ./wirecost run --scenarios grpc-tls}.
 */
public class GrpcTlsScenario extends GrpcScenario {

    /** The server certificate names localhost: with --remote the client reaches another address, so it checks that name. */
    static final String AUTHORITY = "localhost";

    @Override
    protected void secureServer(NettyServerBuilder builder, ScenarioConfig config) throws Exception {
        KeyMaterial keys = KeyMaterial.load(config.requireKeyDir());
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(keys.keyStore(KeyMaterial.SERVER), keys.password());
        SslContext ctx = GrpcSslContexts.configure(
                        io.netty.handler.ssl.SslContextBuilder.forServer(kmf), SslProvider.JDK)
                .trustManager(trust(keys))
                .clientAuth(ClientAuth.REQUIRE)
                .protocols(RmiSslScenario.PROTOCOLS)
                .build();
        builder.sslContext(ctx);
    }

    @Override
    protected void secureChannel(NettyChannelBuilder builder, ScenarioConfig config) throws Exception {
        builder.sslContext(clientContext(config, true)).overrideAuthority(AUTHORITY);
    }

    /** The client's TLS context; without a certificate only to show that the server refuses it. */
    public static SslContext clientContext(ScenarioConfig config, boolean withCertificate) throws Exception {
        KeyMaterial keys = KeyMaterial.load(config.requireKeyDir());
        io.netty.handler.ssl.SslContextBuilder b = GrpcSslContexts.configure(
                        io.netty.handler.ssl.SslContextBuilder.forClient(), SslProvider.JDK)
                .trustManager(trust(keys))
                .protocols(RmiSslScenario.PROTOCOLS);
        if (withCertificate) {
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(keys.keyStore(KeyMaterial.CLIENT), keys.password());
            b.keyManager(kmf);
        }
        return b.build();
    }

    private static TrustManagerFactory trust(KeyMaterial keys) throws Exception {
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(keys.keyStore(KeyMaterial.TRUST));
        return tmf;
    }

    @Override
    protected Map<String, String> serverInfo() {
        return Map.of("transport.security", "TLS with client authentication (SunJSSE via Netty), ALPN h2");
    }

    /**
     * The negotiated protocol and suite, read from one extra call's transport attributes after the
     * measurement, so the timed calls carry no interceptor.
     */
    @Override
    protected Map<String, String> clientInfo(ManagedChannel channel) {
        AtomicReference<SSLSession> session = new AtomicReference<>();
        Channel recording = ClientInterceptors.intercept(channel, new ClientInterceptor() {
            @Override
            public <Q, A> ClientCall<Q, A> interceptCall(
                    MethodDescriptor<Q, A> method, CallOptions options, Channel next) {
                ClientCall<Q, A> call = next.newCall(method, options);
                return new ForwardingClientCall.SimpleForwardingClientCall<>(call) {
                    @Override
                    public void start(Listener<A> listener, Metadata headers) {
                        super.start(
                                new ForwardingClientCallListener.SimpleForwardingClientCallListener<>(listener) {
                                    @Override
                                    public void onHeaders(Metadata h) {
                                        session.set(call.getAttributes().get(Grpc.TRANSPORT_ATTR_SSL_SESSION));
                                        super.onHeaders(h);
                                    }
                                },
                                headers);
                    }
                };
            }
        });
        Map<String, String> m = new LinkedHashMap<>();
        m.put("transport.security", "TLS with client authentication (SunJSSE via Netty), ALPN h2");
        try {
            RttTesterGrpc.newBlockingStub(recording).returnRttForInt(Empty.getDefaultInstance());
            SSLSession s = session.get();
            if (s != null) {
                m.put("tls.protocol", s.getProtocol());
                m.put("tls.cipherSuite", s.getCipherSuite());
            }
        } catch (RuntimeException e) {
            m.put("tls.protocol", "not observed: " + e.getMessage());
        }
        return m;
    }
}
