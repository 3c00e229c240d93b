package io.wirecost.scenarios.corba;

import io.wirecost.scenarios.BoundClient;
import io.wirecost.scenarios.Endpoint;
import io.wirecost.scenarios.FreePorts;
import io.wirecost.scenarios.RttClient;
import io.wirecost.scenarios.Scenario;
import io.wirecost.scenarios.ScenarioConfig;
import io.wirecost.scenarios.ServerHandle;
import io.wirecost.scenarios.corba.idl.PayloadTesterHelper;
import io.wirecost.scenarios.corba.idl.RTTTester;
import io.wirecost.scenarios.corba.idl.RTTTesterHelper;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jacorb.naming.NamingContextImpl;
import org.omg.CORBA.ORB;
import org.omg.CosNaming.NamingContextExt;
import org.omg.CosNaming.NamingContextExtHelper;
import org.omg.PortableServer.POA;
import org.omg.PortableServer.POAHelper;

/**
 * {@code corba}: CORBA over IIOP (GIOP 1.2) with JacORB 3.9, seed 001's CORBA rows. RTTTester is
 * declared in IDL ({@code src/main/idl/RTTTester.idl}, compiled by JacORB's IDL compiler at build
 * time); the server activates its servant in the RootPOA and binds it in a CosNaming service running
 * in the same ORB ({@link InProcessNaming}). The instantiation the papers time is a naming-service
 * lookup ({@code corbaloc:.../NameService}, {@code resolve_str}, {@code narrow}) plus the first call.
 * Seed 000's Table 3 has no CORBA column; seed 001 reports CORBA's packets and bytes, which the
 * runner's message-size pass measures. {@code --payload} calls a second servant, {@link PayloadServant},
 * bound as {@value #PAYLOAD_NAME}: seed 001's records as IDL structs.
 *
 * <p>Run alone: {@code ./wirecost run --scenarios corba} (also with {@code --remote}).
 */
public final class CorbaScenario implements Scenario {

    public static final String BOUND_NAME = "RTTTester";

    /** {@code --payload}'s servant, bound beside RTTTester (which stays for the instantiation). */
    public static final String PAYLOAD_NAME = "PayloadTester";

    /** One client ORB per JVM, as an application would have; fresh clients share its connections like RMI's. */
    private static ORB clientOrb;

    @Override
    public ServerHandle startServer(ScenarioConfig config) throws Exception {
        // loopback, or with --remote the server namespace's address; never every interface
        String host = config.bindHost();
        int port = FreePorts.on(host);
        ORB orb = Orbs.server(host, port);
        POA root = POAHelper.narrow(orb.resolve_initial_references("RootPOA"));
        NamingContextImpl naming = InProcessNaming.start(orb, root);
        RTTTester tester =
                RTTTesterHelper.narrow(root.servant_to_reference(new RttTesterServant(config.stringLength())));
        naming.rebind(naming.to_name(BOUND_NAME), tester);
        naming.rebind(naming.to_name(PAYLOAD_NAME), root.servant_to_reference(new PayloadServant()));
        root.the_POAManager().activate();
        Endpoint ep = Endpoint.of(
                "host",
                host,
                "port",
                String.valueOf(port),
                "name",
                BOUND_NAME,
                "url",
                Orbs.namingUrl(host, port) + "#" + BOUND_NAME);
        Map<String, String> info = orbInfo(orb);
        return ServerHandle.of(ep, () -> info, () -> {
            orb.shutdown(false);
            orb.destroy();
        });
    }

    @Override
    public RttClient connect(Endpoint endpoint, ScenarioConfig config) throws Exception {
        ORB orb = clientOrb();
        NamingContextExt naming = NamingContextExtHelper.narrow(
                orb.string_to_object(Orbs.namingUrl(endpoint.get("host"), endpoint.port("port"))));
        RTTTester stub = RTTTesterHelper.narrow(naming.resolve_str(endpoint.get("name")));
        return BoundClient.to(new IdlTester(stub), config)
                .payloads(
                        PAYLOAD_NAME,
                        () -> new IdlPayloadTester(PayloadTesterHelper.narrow(naming.resolve_str(PAYLOAD_NAME))))
                .info(() -> orbInfo(orb))
                .onClose(() -> {
                    stub._release();
                    naming._release();
                })
                .build();
    }

    private static synchronized ORB clientOrb() {
        if (clientOrb == null) clientOrb = Orbs.client();
        return clientOrb;
    }

    private static Map<String, String> orbInfo(ORB orb) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("orb.class", orb.getClass().getName());
        m.put("orb.version", "JacORB " + org.jacorb.util.Version.version);
        m.put("giop", "1.2");
        return m;
    }
}
