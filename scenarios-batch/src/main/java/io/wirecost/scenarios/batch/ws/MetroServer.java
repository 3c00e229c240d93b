package io.wirecost.scenarios.batch.ws;

import com.sun.xml.ws.transport.http.servlet.WSServlet;
import com.sun.xml.ws.transport.http.servlet.WSServletContextListener;
import io.wirecost.scenarios.tomcat.TomcatHost;
import java.io.IOException;
import java.util.Locale;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.startup.Tomcat;

/**
 * The web service in embedded Tomcat 10.1 with Metro, as a servlet container would deploy it: the
 * context gets Metro's listener and servlet by hand ({@code addContext} runs no container
 * initialisers) and reads {@code WEB-INF/sun-jaxws.xml} from a docBase written for this run.
 * {@code Endpoint.publish} would use the JDK's own HTTP server instead of Tomcat. Listens on the
 * address it is given, on a port the OS chooses.
 */
public final class MetroServer implements AutoCloseable {

    public static final String PATH = "/files";

    private final TomcatHost host;

    private MetroServer(TomcatHost host) {
        this.host = host;
    }

    public static MetroServer start(String bindHost, int files) throws IOException, LifecycleException {
        String descriptor =
                String.format(Locale.ROOT, """
                <?xml version="1.0" encoding="UTF-8"?>
                <endpoints xmlns="http://java.sun.com/xml/ns/jax-ws/ri/runtime" version="2.0">
                  <endpoint name="%s" implementation="%s" url-pattern="%s"/>
                </endpoints>
                """, ResourceService.SERVICE, ResourceServiceEndpoint.class.getName(), PATH);
        return new MetroServer(
                TomcatHost.on(bindHost).webInf("sun-jaxws.xml", descriptor).start(ctx -> {
                    ctx.addParameter(ResourceServiceEndpoint.FILES_PARAMETER, String.valueOf(files));
                    ctx.addApplicationListener(WSServletContextListener.class.getName());
                    Tomcat.addServlet(ctx, "metro", new WSServlet());
                    ctx.addServletMappingDecoded(PATH, "metro");
                }));
    }

    public int port() {
        return host.port();
    }

    @Override
    public void close() throws LifecycleException {
        host.close();
    }
}
