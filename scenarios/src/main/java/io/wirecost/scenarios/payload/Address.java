package io.wirecost.scenarios.payload;

import java.io.Serializable;
import java.util.Objects;

/** Seed 001's {@code Address}: a JavaBean so that RMI, JAXB (Metro) and Axis's BeanSerializer all carry it. */
public class Address implements Serializable {
    private static final long serialVersionUID = 1L;
    private long postcode;
    private String unit;
    private String street;
    private String city;
    private String state;

    public Address() {}

    public Address(long postcode, String unit, String street, String city, String state) {
        this.postcode = postcode;
        this.unit = unit;
        this.street = street;
        this.city = city;
        this.state = state;
    }

    public long getPostcode() {
        return postcode;
    }

    public void setPostcode(long postcode) {
        this.postcode = postcode;
    }

    public String getUnit() {
        return unit;
    }

    public void setUnit(String unit) {
        this.unit = unit;
    }

    public String getStreet() {
        return street;
    }

    public void setStreet(String street) {
        this.street = street;
    }

    public String getCity() {
        return city;
    }

    public void setCity(String city) {
        this.city = city;
    }

    public String getState() {
        return state;
    }

    public void setState(String state) {
        this.state = state;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Address a
                && postcode == a.postcode
                && Objects.equals(unit, a.unit)
                && Objects.equals(street, a.street)
                && Objects.equals(city, a.city)
                && Objects.equals(state, a.state);
    }

    @Override
    public int hashCode() {
        return Objects.hash(postcode, unit, street, city, state);
    }
}
