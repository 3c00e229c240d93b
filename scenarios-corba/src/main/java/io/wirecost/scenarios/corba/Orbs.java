package io.wirecost.scenarios.corba;

import java.util.Properties;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.omg.CORBA.ORB;

/**
 * JacORB ORBs for the corba scenario. The OMG API ({@code jacorb-omgapi}) picks its ORB class from
 * these properties; without them {@code ORB.init} would look for a JDK ORB, which JDK 11 removed.
 */
final class Orbs {

    /** JacORB's NameServer sets the same implname and key map, so corbaloc URLs can say "/NameService". */
    static final String IMPL_NAME = "StandardNS";

    static final String NAMING_POA = "NameServer-POA";
    static final String NAMING_OID = "_root";
    static final String NAMING_KEY = IMPL_NAME + "/" + NAMING_POA + "/" + NAMING_OID;

    /**
     * JacORB logs every connection opened and every object activated at INFO; warnings and errors
     * still reach the scenario log. A strong reference: java.util.logging forgets the level of a
     * logger that is garbage collected.
     */
    private static final Logger JACORB_LOG = Logger.getLogger("org.jacorb");

    static {
        JACORB_LOG.setLevel(Level.WARNING);
    }

    private Orbs() {}

    private static Properties base() {
        Properties p = new Properties();
        p.setProperty("org.omg.CORBA.ORBClass", "org.jacorb.orb.ORB");
        p.setProperty("org.omg.CORBA.ORBSingletonClass", "org.jacorb.orb.ORBSingleton");
        // the singleton ORB (TypeCodes, Anys) is created through system properties, not ours
        System.setProperty("org.omg.CORBA.ORBClass", "org.jacorb.orb.ORB");
        System.setProperty("org.omg.CORBA.ORBSingletonClass", "org.jacorb.orb.ORBSingleton");
        return p;
    }

    /** A server ORB listening on host:port only (OAIAddr), never on all interfaces. */
    static ORB server(String host, int port) {
        Properties p = base();
        p.setProperty("OAIAddr", host);
        p.setProperty("OAPort", String.valueOf(port));
        p.setProperty("jacorb.implname", IMPL_NAME);
        p.setProperty("jacorb.orb.objectKeyMap.NameService", NAMING_KEY);
        return ORB.init(new String[0], p);
    }

    /** A client ORB: it opens no listening socket, since it never creates a POA. */
    static ORB client() {
        return ORB.init(new String[0], base());
    }

    /** The INS URL of the naming service, GIOP 1.2 (JacORB's default). */
    static String namingUrl(String host, int port) {
        return "corbaloc:iiop:1.2@" + host + ':' + port + "/NameService";
    }
}
