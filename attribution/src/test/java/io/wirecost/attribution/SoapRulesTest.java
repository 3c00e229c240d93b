package io.wirecost.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The default rules on stacks from real ws-literal (Metro, Tomcat 10.1) and ws-encoded (Axis 1.4,
 * Tomcat 9) profiles, written leaf first: SOAP engine frames that no rule names are claimed by the
 * right side of the HTTP transport, and the servlet inside Axis's client-named transport package is
 * the server.
 */
class SoapRulesTest {

    private static final RuleSet RULES = RuleSet.defaults();

    private static String classify(String... leafFirst) {
        List<Frame> frames = new ArrayList<>();
        for (String f : leafFirst) frames.add(Frame.parse(f));
        return RULES.category(RULES.classify(frames, "http-nio-1-exec-1")).name();
    }

    @Test
    void axisEngineWorkUnderTheServletIsTheHttpServer() {
        assertEquals(
                "http-server",
                classify(
                        "org.apache.axis.utils.LockableHashtable.put",
                        "org.apache.axis.MessageContext.<init>",
                        "org.apache.axis.transport.http.AxisServlet.createMessageContext",
                        "org.apache.axis.transport.http.AxisServlet.doPost",
                        "javax.servlet.http.HttpServlet.service",
                        "org.apache.catalina.core.ApplicationFilterChain.internalDoFilter",
                        "org.apache.tomcat.util.threads.ThreadPoolExecutor$Worker.run",
                        "java.lang.Thread.run"));
    }

    @Test
    void axisClientBufferingIsTheHttpClient() {
        assertEquals(
                "http-client",
                classify(
                        "org.apache.axis.utils.ByteArray.write",
                        "org.apache.axis.transport.http.CommonsHTTPSender$MessageRequestEntity.getContentLength",
                        "org.apache.commons.httpclient.methods.EntityEnclosingMethod.getRequestContentLength",
                        "org.apache.axis.transport.http.CommonsHTTPSender.invoke",
                        "org.apache.axis.client.Call.invoke",
                        "io.wirecost.scenarios.axis.AxisTester.returnRTTforInt"));
    }

    @Test
    void axisRpcBindingIsXmlBinding() {
        assertEquals(
                "xml-binding",
                classify(
                        "org.apache.axis.utils.JavaUtils.convert",
                        "org.apache.axis.providers.java.RPCProvider.invokeMethod",
                        "org.apache.axis.providers.java.RPCProvider.processMessage",
                        "org.apache.axis.server.AxisServer.invoke",
                        "org.apache.axis.transport.http.AxisServlet.doPost"));
        assertEquals(
                "xml-binding",
                classify(
                        "org.apache.axis.client.Call.getReturnType",
                        "org.apache.axis.client.Call.invoke",
                        "io.wirecost.scenarios.axis.AxisTester.returnRTTforInt"));
    }

    @Test
    void tomcatWorkerThreadsClaimTheirOwnWaiting() {
        assertEquals(
                "http-server",
                classify(
                        "jdk.internal.misc.Unsafe.park",
                        "java.util.concurrent.locks.LockSupport.park",
                        "java.util.concurrent.LinkedBlockingQueue.take",
                        "org.apache.tomcat.util.threads.TaskQueue.take",
                        "org.apache.tomcat.util.threads.ThreadPoolExecutor.getTask",
                        "org.apache.tomcat.util.threads.ThreadPoolExecutor.runWorker",
                        "java.lang.Thread.run"));
    }

    @Test
    void metroTransportSidesAreClientAndServer() {
        assertEquals(
                "http-client",
                classify(
                        "com.sun.xml.ws.transport.http.client.HttpClientTransport.getOutput",
                        "com.sun.xml.ws.transport.http.client.HttpTransportPipe.process",
                        "com.sun.xml.ws.api.pipe.Fiber.__doRun"));
        assertEquals(
                "http-server",
                classify(
                        "com.sun.xml.ws.transport.http.HttpAdapter$HttpToolkit.handle",
                        "com.sun.xml.ws.transport.http.servlet.WSServletDelegate.doPost",
                        "jakarta.servlet.http.HttpServlet.service"));
    }

    @Test
    void wsSecurityHandlerWorkAndSaajAreXml() {
        assertEquals(
                "xml-security",
                classify(
                        "java.util.HashMap.get",
                        "io.wirecost.scenarios.ws.security.ClientSecurityHandler.handleMessage",
                        "com.sun.xml.ws.handler.HandlerProcessor.callHandleMessage"));
        // SAAJ's factory lookup on every message is the lookup, not XML (CoveringRuleTest)
        assertEquals(
                "service-lookup",
                classify(
                        "java.util.ServiceLoader$LazyClassPathLookupIterator.hasNext",
                        "jakarta.xml.soap.ServiceLoaderUtil.firstByServiceLoader",
                        "jakarta.xml.soap.SAAJMetaFactory.getInstance",
                        "io.wirecost.scenarios.ws.security.ServerSecurityHandler.handleMessage"));
        // the JDK's serializer is XML text work, but the JDK's internal Santuario stays XML security
        assertEquals(
                "xml-parsing",
                classify(
                        "com.sun.org.apache.xml.internal.serializer.ToStream.characters",
                        "com.sun.org.apache.xalan.internal.xsltc.trax.TransformerImpl.transform"));
        assertEquals(
                "xml-security",
                classify(
                        "com.sun.org.apache.xml.internal.security.c14n.implementations.CanonicalizerBase.canonicalizeSubTree",
                        "org.jcp.xml.dsig.internal.dom.DOMReference.digest"));
    }

    @Test
    void jarUrlsOfResourceLookupsAreNotTheHttpClient() {
        // inside a lookup they are the lookup; outside one, class and resource loading ('other')
        assertEquals(
                "service-lookup",
                classify(
                        "sun.net.www.protocol.jar.URLJarFile.getEntry",
                        "sun.net.www.protocol.jar.JarURLConnection.connect",
                        "java.util.ServiceLoader$LazyClassPathLookupIterator.hasNext",
                        "com.sun.xml.ws.util.ServiceFinder$CompositeIterator.hasNext"));
        assertEquals(
                "other",
                classify(
                        "sun.net.www.protocol.jar.URLJarFile.getEntry",
                        "sun.net.www.protocol.jar.JarURLConnection.connect",
                        "jdk.internal.loader.URLClassPath$JarLoader.getResource",
                        "java.lang.ClassLoader.loadClass"));
        assertEquals(
                "http-client",
                classify(
                        "sun.net.www.http.HttpClient.parseHTTP",
                        "sun.net.www.protocol.http.HttpURLConnection.getInputStream0",
                        "com.sun.xml.ws.transport.http.client.HttpClientTransport.readResponseCodeAndMessage"));
    }
}
