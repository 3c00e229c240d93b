package io.wirecost.scenarios.tcp;

import io.wirecost.scenarios.Answers;
import io.wirecost.scenarios.Endpoint;
import io.wirecost.scenarios.Invocation;
import io.wirecost.scenarios.Operation;
import io.wirecost.scenarios.RTTTester;
import io.wirecost.scenarios.RTTTesterImpl;
import io.wirecost.scenarios.RttClient;
import io.wirecost.scenarios.Scenario;
import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.ServerHandle;
import io.wirecost.scenarios.payload.Payload;
import io.wirecost.scenarios.payload.PayloadCalls;
import io.wirecost.scenarios.payload.PayloadData;
import io.wirecost.scenarios.payload.PayloadService;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Map;

/**
 * {@code tcp}: a plain socket ping-pong carrying the same answers as RTTTester: one request byte (the
 * operation), the value back in {@link DataOutputStream} encoding. No middleware at all: the floor
 * that shows what RMI, TLS and SOAP add. Not in the papers.
 *
 * <p>Run alone: {@code ./wirecost run --scenarios tcp}.
 */
public final class TcpScenario implements Scenario {

    @Override
    public ServerHandle startServer(ScenarioConfig config) throws IOException {
        ServerSocket ss = new ServerSocket(0, 50, InetAddress.getByName(config.bindHost()));
        RTTTester service = new RTTTesterImpl(config.stringLength());
        PayloadService payloads = new PayloadService();
        Thread acceptor = new Thread(() -> acceptLoop(ss, service, payloads), "tcp-acceptor");
        acceptor.setDaemon(true);
        acceptor.start();
        Endpoint ep =
                Endpoint.of("host", ss.getInetAddress().getHostAddress(), "port", String.valueOf(ss.getLocalPort()));
        return ServerHandle.of(ep, Map::of, ss);
    }

    private static void acceptLoop(ServerSocket ss, RTTTester service, PayloadService payloads) {
        while (!ss.isClosed()) {
            try {
                Socket s = ss.accept();
                Thread t = new Thread(() -> serve(s, service, payloads), "tcp-connection");
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private static void serve(Socket s, RTTTester service, PayloadService payloads) {
        try (s) {
            s.setTcpNoDelay(true);
            DataInputStream in = new DataInputStream(new BufferedInputStream(s.getInputStream()));
            DataOutputStream out = new DataOutputStream(new BufferedOutputStream(s.getOutputStream()));
            while (true) {
                int op = in.read();
                if (op < 0) return;
                if (PayloadWire.isPayload(op)) {
                    PayloadWire.serve(op, in, out, payloads);
                    out.flush();
                    continue;
                }
                switch (Operation.values()[op]) {
                    case INT -> out.writeInt(service.returnRTTforInt());
                    case SHORT -> out.writeShort(service.returnRTTforShort());
                    case LONG -> out.writeLong(service.returnRTTforLong());
                    case FLOAT -> out.writeFloat(service.returnRTTforFloat());
                    case DOUBLE -> out.writeDouble(service.returnRTTforDouble());
                    case BOOLEAN -> out.writeBoolean(service.returnRTTforBool());
                    case BYTE -> out.writeByte(service.returnRTTforByte());
                    case STRING -> out.writeUTF(service.returnRTTforString());
                }
                out.flush();
            }
        } catch (IOException | RuntimeException e) {
            // client went away
        }
    }

    @Override
    public RttClient connect(Endpoint endpoint, ScenarioConfig config) throws IOException {
        Socket s = new Socket(endpoint.get("host"), endpoint.port("port"));
        s.setTcpNoDelay(true);
        DataInputStream in = new DataInputStream(new BufferedInputStream(s.getInputStream()));
        DataOutputStream out = new DataOutputStream(new BufferedOutputStream(s.getOutputStream()));
        String expected = Operation.payloadString(config.stringLength());
        return new RttClient() {
            @Override
            public Invocation invocation(Operation op) {
                return () -> {
                    out.write(op.ordinal());
                    out.flush();
                    Object got = switch (op) {
                        case INT -> in.readInt();
                        case SHORT -> in.readShort();
                        case LONG -> in.readLong();
                        case FLOAT -> in.readFloat();
                        case DOUBLE -> in.readDouble();
                        case BOOLEAN -> in.readBoolean();
                        case BYTE -> in.readByte();
                        case STRING -> in.readUTF();
                    };
                    Answers.check(op, got, expected);
                };
            }

            @Override
            public Invocation invocation(Payload payload) {
                Object want = payload.expected();
                int[] ints = payload.kind() == Payload.Kind.INTS ? PayloadData.ints(payload.size()) : null;
                return () -> {
                    PayloadWire.writeRequest(out, payload, ints);
                    out.flush();
                    PayloadCalls.check(payload, want, PayloadWire.readResponse(in, payload));
                };
            }

            @Override
            public void close() throws IOException {
                s.close();
            }
        };
    }
}
