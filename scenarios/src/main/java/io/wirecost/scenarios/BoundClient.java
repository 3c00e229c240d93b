package io.wirecost.scenarios;

import io.wirecost.scenarios.payload.Payload;
import io.wirecost.scenarios.payload.PayloadCalls;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The client a stub-based scenario returns from {@link Scenario#connect}: RTTTester's eight operations
 * bound to the scenario's stub with their answers checked ({@link Answers}), payloads bound to a payload
 * stub looked up on first use (so the eight types' instantiation is timed as before), the connection's
 * facts and what closing releases. A scenario supplies only what differs: the stubs, the facts, the close.
 *
 * <pre>{@code
 * return BoundClient.to(new StubTester(RttTesterGrpc.newBlockingStub(channel)), config)
 *         .payloads("the gRPC payload service", () -> new StubPayloadTester(PayloadTesterGrpc.newBlockingStub(channel)))
 *         .info(() -> clientInfo(channel))
 *         .onClose(channel::shutdown)
 *         .build();
 * }</pre>
 */
public final class BoundClient extends RunningSide implements RttClient {

    private final RTTTester tester;
    private final String expected;
    private final String payloadService;
    private final PayloadCalls.Lookup payloads;

    private BoundClient(Builder b) {
        super(b.info, b.onClose);
        this.tester = b.tester;
        this.expected = b.expected;
        this.payloadService = b.payloadService;
        this.payloads = b.payloads;
    }

    /** A client whose operations call {@code tester}, expecting the string {@code config} sets the length of. */
    public static Builder to(RTTTester tester, ScenarioConfig config) {
        return new Builder(tester, Operation.payloadString(config.stringLength()));
    }

    @Override
    public Invocation invocation(Operation op) {
        return Answers.bind(tester, op, expected);
    }

    @Override
    public Invocation invocation(Payload payload) {
        if (payloads == null) return RttClient.super.invocation(payload);
        return PayloadCalls.lookUpAndBind(payloadService, payloads, payload);
    }

    public static final class Builder {
        private final RTTTester tester;
        private final String expected;
        private String payloadService;
        private PayloadCalls.Lookup payloads;
        private Supplier<Map<String, String>> info = Map::of;
        private AutoCloseable onClose = () -> {};

        private Builder(RTTTester tester, String expected) {
            this.tester = Objects.requireNonNull(tester, "tester");
            this.expected = expected;
        }

        /** Carries {@code --payload}: {@code lookup} finds the payload stub; a failed lookup names {@code service}. */
        public Builder payloads(String service, PayloadCalls.Lookup lookup) {
            this.payloadService = service;
            this.payloads = lookup;
            return this;
        }

        /** The facts {@link RttClient#info()} reports, read when the runner asks (after the calls). */
        public Builder info(Supplier<Map<String, String>> info) {
            this.info = info;
            return this;
        }

        /** What {@link RttClient#close()} releases; nothing by default (RMI's pooled connections, say). */
        public Builder onClose(AutoCloseable onClose) {
            this.onClose = onClose;
            return this;
        }

        public RttClient build() {
            return new BoundClient(this);
        }
    }
}
