package io.wirecost.scenarios.axis;

import java.util.Locale;

/**
 * Axis's deployment descriptor for {@link AxisServer}'s docBase, {@code WEB-INF/server-config.wsdd}: the two services
 * as Axis 1.4 deploys them ({@code provider="java:RPC" style="rpc" use="encoded"}), the payload service's
 * operations and its beans' SOAP-encoded mappings.
 */
final class AxisDeployment {

    private static final String XSD = "http://www.w3.org/2001/XMLSchema";
    private static final String SOAP_ENCODING = "http://schemas.xmlsoap.org/soap/encoding/";

    private AxisDeployment() {}

    /** Axis's own deployment descriptor: the http transport with its URL mapper, and the one service. */
    static final String WSDD = String.format(
            Locale.ROOT,
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <deployment xmlns="http://xml.apache.org/axis/wsdd/" xmlns:java="http://xml.apache.org/axis/wsdd/providers/java">
              <globalConfiguration>
                <parameter name="sendMultiRefs" value="true"/>
                <parameter name="sendXsiTypes" value="true"/>
                <parameter name="sendXMLDeclaration" value="true"/>
                <parameter name="disablePrettyXML" value="true"/>
              </globalConfiguration>
              <handler name="URLMapper" type="java:org.apache.axis.handlers.http.URLMapper"/>
              <service name="%1$s" provider="java:RPC" style="rpc" use="encoded">
                <namespace>%2$s</namespace>
                <parameter name="className" value="%3$s"/>
                <parameter name="allowedMethods" value="returnRTTforInt returnRTTforShort returnRTTforLong returnRTTforFloat returnRTTforDouble returnRTTforBool returnRTTforByte returnRTTforString"/>
                <parameter name="scope" value="Application"/>
                <parameter name="wsdlServiceElement" value="%1$sService"/>
                <parameter name="wsdlServicePort" value="%1$s"/>
              </service>
              <service name="PayloadTester" provider="java:RPC" style="rpc" use="encoded">
                <namespace>%4$s</namespace>
                <parameter name="className" value="%5$s"/>
                <parameter name="allowedMethods" value="getString f1 getCustomerRecord getCustomersForSalesRep invert"/>
                <parameter name="scope" value="Application"/>
            %6$s  </service>
              <transport name="http">
                <requestFlow><handler type="URLMapper"/></requestFlow>
              </transport>
            </deployment>
            """,
            AxisServer.SERVICE,
            AxisServer.NAMESPACE,
            AxisRttService.class.getName(),
            AxisServer.PAYLOAD_NAMESPACE,
            io.wirecost.scenarios.payload.PayloadService.class.getName(),
            beanMappings());

    /**
     * Operations are declared, not introspected: Axis 1.4 reads parameter names from the class file with
     * its own bytecode parser, which fails on Java 17 class files ("unexpected bytes in file").
     */
    private static String beanMappings() {
        StringBuilder sb = new StringBuilder();
        String[][] ops = {
            {"getString", "xsd:int", "xsd:string"},
            {"f1", "xsd:int", "p:ArrayOfData2"},
            {"getCustomerRecord", "xsd:int", "p:Data3"},
            {"getCustomersForSalesRep", "xsd:int", "p:ArrayOfData3"},
            {"invert", "p:ArrayOfint", "p:ArrayOfint"}
        };
        for (String[] op : ops) {
            sb.append(String.format(Locale.ROOT, """
                        <operation xmlns:p="%1$s" xmlns:xsd="%2$s" name="%3$s" qname="p:%3$s" returnQName="%3$sReturn" \
                    returnType="%5$s"><parameter name="in0" type="%4$s"/></operation>
                    """, AxisServer.PAYLOAD_NAMESPACE, XSD, op[0], op[1], op[2]));
        }
        String[][] arrays = {
            {"Data2", "p:Data2", "io.wirecost.scenarios.payload.Data2[]"},
            {"Data3", "p:Data3", "io.wirecost.scenarios.payload.Data3[]"},
            {"int", "xsd:int", "int[]"}
        };
        for (String[] a : arrays) {
            sb.append(String.format(
                    Locale.ROOT, """
                        <arrayMapping xmlns:p="%1$s" xmlns:xsd="%2$s" qname="p:ArrayOf%3$s" languageSpecificType="java:%5$s" \
                    innerType="%4$s" encodingStyle="%6$s"/>
                    """, AxisServer.PAYLOAD_NAMESPACE, XSD, a[0], a[1], a[2], SOAP_ENCODING));
        }
        for (Class<?> c : AxisServer.BEANS) {
            sb.append(String.format(
                    Locale.ROOT, """
                        <beanMapping xmlns:p="%1$s" qname="p:%2$s" languageSpecificType="java:%3$s" encodingStyle="%4$s"/>
                    """, AxisServer.PAYLOAD_NAMESPACE, c.getSimpleName(), c.getName(), SOAP_ENCODING));
        }
        return sb.toString();
    }
}
