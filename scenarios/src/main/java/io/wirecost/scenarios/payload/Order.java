package io.wirecost.scenarios.payload;

import java.io.Serializable;
import java.util.Objects;

/** Seed 001's {@code Order}: a date, a product code, a quantity. */
public class Order implements Serializable {
    private static final long serialVersionUID = 1L;
    private SimpleDate date;
    private String productcode;
    private int number;

    public Order() {}

    public Order(SimpleDate date, String productcode, int number) {
        this.date = date;
        this.productcode = productcode;
        this.number = number;
    }

    public SimpleDate getDate() {
        return date;
    }

    public void setDate(SimpleDate date) {
        this.date = date;
    }

    public String getProductcode() {
        return productcode;
    }

    public void setProductcode(String productcode) {
        this.productcode = productcode;
    }

    public int getNumber() {
        return number;
    }

    public void setNumber(int number) {
        this.number = number;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Order x
                && number == x.number
                && Objects.equals(date, x.date)
                && Objects.equals(productcode, x.productcode);
    }

    @Override
    public int hashCode() {
        return Objects.hash(date, productcode, number);
    }
}
