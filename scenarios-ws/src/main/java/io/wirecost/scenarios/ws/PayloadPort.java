package io.wirecost.scenarios.ws;

import io.wirecost.scenarios.payload.Data2;
import io.wirecost.scenarios.payload.Data3;
import jakarta.jws.WebMethod;
import jakarta.jws.WebService;
import jakarta.jws.soap.SOAPBinding;

/**
 * {@code PayloadTester} (seed 001's servers, seed 003's int arrays) as a document/literal wrapped SEI.
 * The payload classes are plain JavaBeans, which JAXB binds without annotations.
 */
@WebService(name = "PayloadTester", targetNamespace = PayloadPort.NAMESPACE)
@SOAPBinding(
        style = SOAPBinding.Style.DOCUMENT,
        use = SOAPBinding.Use.LITERAL,
        parameterStyle = SOAPBinding.ParameterStyle.WRAPPED)
public interface PayloadPort {

    String NAMESPACE = "http://wirecost.io/payload";
    String SERVICE = "PayloadTesterService";
    String PORT = "PayloadTesterPort";

    @WebMethod
    String getString(int length);

    @WebMethod
    Data2[] f1(int count);

    @WebMethod
    Data3 getCustomerRecord(int index);

    @WebMethod
    Data3[] getCustomersForSalesRep(int count);

    @WebMethod
    int[] invert(int[] values);
}
