package io.wirecost.scenarios.corba;

import java.nio.charset.StandardCharsets;
import org.jacorb.naming.NamingContextImpl;
import org.omg.CORBA.ORB;
import org.omg.CORBA.Policy;
import org.omg.PortableServer.IdAssignmentPolicyValue;
import org.omg.PortableServer.LifespanPolicyValue;
import org.omg.PortableServer.POA;

/**
 * JacORB's CosNaming servant ({@code org.jacorb.naming.NamingContextImpl}) activated in the server's
 * own ORB, under the object key JacORB's stand-alone NameServer uses, so clients reach it at
 * {@code corbaloc:iiop:1.2@HOST:PORT/NameService} exactly as they would reach {@code ns}. Unlike
 * {@code org.jacorb.naming.NameServer.main} it keeps no state on disk (the stand-alone server
 * writes {@code _nsdb_root} files at shutdown) and needs no second ORB, port or process. The 2005
 * setting (seed 001) ran Sun's orbd as a separate process; the lookup protocol is the same.
 */
final class InProcessNaming {

    private InProcessNaming() {}

    /**
     * Activates the root context. Returns the servant itself: the server binds its own objects by a
     * direct call, not through a reference, which would make the ORB open an IIOP connection to itself.
     */
    static NamingContextImpl start(ORB orb, POA rootPoa) throws Exception {
        Policy[] policies = {
            rootPoa.create_id_assignment_policy(IdAssignmentPolicyValue.USER_ID),
            // persistent: the object key is the fixed "StandardNS/NameServer-POA/_root", which the
            // ORB's objectKeyMap.NameService points to; a transient key carries a per-run id
            rootPoa.create_lifespan_policy(LifespanPolicyValue.PERSISTENT),
        };
        POA poa = rootPoa.create_POA(Orbs.NAMING_POA, rootPoa.the_POAManager(), policies);
        for (Policy p : policies) p.destroy();
        NamingContextImpl.init(orb, rootPoa);
        NamingContextImpl root = new NamingContextImpl();
        root.configure(((org.jacorb.orb.ORB) orb).getConfiguration());
        byte[] oid = Orbs.NAMING_OID.getBytes(StandardCharsets.US_ASCII);
        poa.activate_object_with_id(oid, root);
        return root;
    }
}
