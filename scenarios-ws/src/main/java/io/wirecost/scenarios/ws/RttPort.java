package io.wirecost.scenarios.ws;

import jakarta.jws.WebMethod;
import jakarta.jws.WebService;
import jakarta.jws.soap.SOAPBinding;

/**
 * RTTTester (seed 002, Listing 1) as a JAX-WS service endpoint interface: SOAP 1.1,
 * document/literal wrapped, the papers' WS-literal style. Metro builds the wrapper beans and the
 * WSDL from this interface at run time, so nothing is generated at build time.
 */
@WebService(name = "RTTTester", targetNamespace = RttPort.NAMESPACE)
@SOAPBinding(
        style = SOAPBinding.Style.DOCUMENT,
        use = SOAPBinding.Use.LITERAL,
        parameterStyle = SOAPBinding.ParameterStyle.WRAPPED)
public interface RttPort {

    String NAMESPACE = "http://wirecost.io/rtt";
    String SERVICE = "RTTTesterService";
    String PORT = "RTTTesterPort";

    @WebMethod
    int returnRTTforInt();

    @WebMethod
    short returnRTTforShort();

    @WebMethod
    long returnRTTforLong();

    @WebMethod
    float returnRTTforFloat();

    @WebMethod
    double returnRTTforDouble();

    @WebMethod
    boolean returnRTTforBool();

    @WebMethod
    byte returnRTTforByte();

    @WebMethod
    String returnRTTforString();
}
