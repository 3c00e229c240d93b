package io.wirecost.scenarios.payload;

import java.io.Serializable;
import java.util.Arrays;
import java.util.Objects;

/** Seed 001's {@code Data3}: a customer record with a nested address and an array of orders. */
public class Data3 implements Serializable {
    private static final long serialVersionUID = 1L;
    private String customer;
    private String salesrep;
    private Address address;
    private Order[] orders;

    public Data3() {}

    public Data3(String customer, String salesrep, Address address, Order[] orders) {
        this.customer = customer;
        this.salesrep = salesrep;
        this.address = address;
        this.orders = orders;
    }

    public String getCustomer() {
        return customer;
    }

    public void setCustomer(String customer) {
        this.customer = customer;
    }

    public String getSalesrep() {
        return salesrep;
    }

    public void setSalesrep(String salesrep) {
        this.salesrep = salesrep;
    }

    public Address getAddress() {
        return address;
    }

    public void setAddress(Address address) {
        this.address = address;
    }

    public Order[] getOrders() {
        return orders;
    }

    public void setOrders(Order[] orders) {
        this.orders = orders;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Data3 d
                && Objects.equals(customer, d.customer)
                && Objects.equals(salesrep, d.salesrep)
                && Objects.equals(address, d.address)
                && Arrays.equals(orders, d.orders);
    }

    @Override
    public int hashCode() {
        return Objects.hash(customer, salesrep, address, Arrays.hashCode(orders));
    }
}
