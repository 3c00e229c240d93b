package io.wirecost.scenarios.batch.ws;

import com.sun.xml.ws.transport.http.servlet.WSServlet;
import com.sun.xml.ws.transport.http.servlet.WSServletContextListener;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;

/**
 * The web service in embedded Tomcat 10.1 with Metro, as a servlet container would deploy it: the
 * context gets Metro's listener and servlet by hand ({@code addContext} runs no container
 * initialisers) and reads {@code WEB-INF/sun-jaxws.xml} from a docBase written for this run.
 * {@code Endpoint.publish} would use the JDK's own HTTP server instead of Tomcat. Listens on
 * 127.0.0.1, on a port the OS chooses.
 */
public final class MetroServer implements AutoCloseable {

    public static final String PATH = "/files";

    private final Tomcat tomcat;
    private final Path baseDir;
    private final int port;

    private MetroServer(Tomcat tomcat, Path baseDir, int port) {
        this.tomcat = tomcat;
        this.baseDir = baseDir;
        this.port = port;
    }

    public static MetroServer start(int files) throws IOException, LifecycleException {
        Path baseDir = Files.createTempDirectory("wirecost-metro-");
        Path docBase = Files.createDirectories(baseDir.resolve("webapp").resolve("WEB-INF"))
                .getParent();
        Files.writeString(docBase.resolve("WEB-INF").resolve("sun-jaxws.xml"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <endpoints xmlns="http://java.sun.com/xml/ns/jax-ws/ri/runtime" version="2.0">
                  <endpoint name="%s" implementation="%s" url-pattern="%s"/>
                </endpoints>
                """.formatted(
                        ResourceService.SERVICE, ResourceServiceEndpoint.class.getName(), PATH));
        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(baseDir.toString());
        Connector connector = new Connector();
        connector.setPort(0);
        connector.setProperty("address", "127.0.0.1");
        tomcat.setConnector(connector);
        Context ctx = tomcat.addContext("", docBase.toString());
        ctx.addParameter(ResourceServiceEndpoint.FILES_PARAMETER, String.valueOf(files));
        ctx.addApplicationListener(WSServletContextListener.class.getName());
        Tomcat.addServlet(ctx, "metro", new WSServlet());
        ctx.addServletMappingDecoded(PATH, "metro");
        tomcat.start();
        return new MetroServer(tomcat, baseDir, connector.getLocalPort());
    }

    public int port() {
        return port;
    }

    @Override
    public void close() throws LifecycleException, IOException {
        try {
            tomcat.stop();
            tomcat.destroy();
        } finally {
            try (Stream<Path> s = Files.walk(baseDir)) {
                s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }
}
