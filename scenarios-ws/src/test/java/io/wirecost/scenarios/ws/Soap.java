package io.wirecost.scenarios.ws;

import java.io.ByteArrayInputStream;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

/** Plain SOAP over java.net.http, none of the scenario's stack: what an independent client sends. */
final class Soap {

    static final String ENVELOPE_NS = "http://schemas.xmlsoap.org/soap/envelope/";
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private Soap() {}

    /** A SOAP 1.1 request for a document/literal wrapped RTTTester operation, written by hand. */
    static String request(String operation) {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
                + "<soapenv:Envelope xmlns:soapenv=\"" + ENVELOPE_NS + "\" xmlns:r=\"" + RttPort.NAMESPACE + "\">"
                + "<soapenv:Body><r:" + operation + "/></soapenv:Body></soapenv:Envelope>";
    }

    static HttpResponse<String> post(String url, String envelope) throws Exception {
        HttpRequest req = HttpRequest.newBuilder(URI.create(url))
                .header("Content-Type", "text/xml; charset=utf-8")
                .header("SOAPAction", "\"\"")
                .POST(HttpRequest.BodyPublishers.ofString(envelope, StandardCharsets.UTF_8))
                .build();
        return HTTP.send(req, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    static HttpResponse<String> get(String url) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    static Document parse(String xml) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    }

    static String serialize(Document doc) throws Exception {
        StringWriter w = new StringWriter();
        TransformerFactory.newInstance().newTransformer().transform(new DOMSource(doc), new StreamResult(w));
        return w.toString();
    }

    /** Text of the only element with this local name (any namespace), or null. */
    static String text(Document doc, String localName) {
        NodeList nl = doc.getElementsByTagNameNS("*", localName);
        return nl.getLength() == 1 ? nl.item(0).getTextContent() : null;
    }
}
