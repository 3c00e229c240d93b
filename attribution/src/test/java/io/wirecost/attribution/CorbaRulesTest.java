package io.wirecost.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The default rules' CORBA categories on stacks taken from a JacORB 3.9 recording of the corba
 * scenario (async-profiler, JDK 17), leaf first.
 */
class CorbaRulesTest {

    private static final RuleSet RULES = RuleSet.defaults();

    private static String classify(String... leafFirst) {
        List<Frame> frames = new ArrayList<>();
        for (String f : leafFirst) frames.add(Frame.parse(f));
        return RULES.category(RULES.classify(frames, "main")).name();
    }

    @Test
    void marshallingARequestIsGiopNotTheStubOrTheHarness() {
        assertEquals(
                "giop",
                classify(
                        "asm_exc_page_fault",
                        "org.jacorb.orb.CDROutputStream.<init>",
                        "org.jacorb.orb.giop.MessageOutputStream.<init>",
                        "org.jacorb.orb.giop.RequestOutputStream.<init>",
                        "org.jacorb.orb.Delegate.request",
                        "org.omg.CORBA.portable.ObjectImpl._request",
                        "io.wirecost.scenarios.corba.idl._RTTTesterStub.returnRTTforDouble",
                        "io.wirecost.scenarios.corba.IdlTester.returnRTTforDouble",
                        "io.wirecost.scenarios.harness.ClientMain.timeBatch"));
    }

    @Test
    void waitingForTheReplyIsGiop() {
        assertEquals(
                "giop",
                classify(
                        "JVM_MonitorWait",
                        "java.lang.Object.wait",
                        "org.jacorb.orb.giop.ReplyPlaceholder.getInputStream",
                        "org.jacorb.orb.ReplyReceiver.getReply",
                        "org.jacorb.orb.Delegate._invoke_internal"));
    }

    @Test
    void thePoaHandingARequestToAProcessorThreadIsTheOrb() {
        assertEquals(
                "corba-orb",
                classify("JVM_MonitorWait", "java.lang.Object.wait", "org.jacorb.poa.RequestProcessor.run"));
        assertEquals(
                "corba-orb",
                classify(
                        "java.lang.Object.notifyAll",
                        "org.jacorb.poa.RequestController.continueToWork",
                        "org.jacorb.poa.RequestController.queueRequest",
                        "org.jacorb.poa.POA._invoke"));
    }

    @Test
    void generatedStubsAreOrbCodeNotApplication() {
        assertEquals(
                "corba-orb",
                classify(
                        "io.wirecost.scenarios.corba.idl._RTTTesterStub.returnRTTforInt",
                        "io.wirecost.scenarios.corba.IdlTester.returnRTTforInt",
                        "io.wirecost.scenarios.harness.ClientMain.timeBatch"));
        assertEquals(
                "application",
                classify(
                        "io.wirecost.scenarios.corba.RttTesterServant.returnRTTforInt",
                        "io.wirecost.scenarios.corba.idl.RTTTesterPOA._invoke"));
    }

    @Test
    void socketTimeUnderTheOrbStaysSocketTime() {
        assertEquals(
                "socket-write",
                classify(
                        "sun.nio.ch.FileDispatcherImpl.write0",
                        "sun.nio.ch.NioSocketImpl.write",
                        "java.net.Socket$SocketOutputStream.write",
                        "org.jacorb.orb.etf.StreamConnectionBase.write",
                        "org.jacorb.orb.giop.GIOPConnection.sendMessage"));
    }

    @Test
    void theJdkOrbOfSeed001IsCoveredToo() {
        assertEquals("giop", classify("com.sun.corba.se.impl.encoding.CDROutputStream_1_2.write_long"));
        assertEquals("corba-orb", classify("com.sun.corba.se.impl.orb.ORBImpl.string_to_object"));
    }
}
