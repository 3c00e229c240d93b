package io.wirecost.scenarios.payload;

import java.io.Serializable;
import java.util.Objects;

/** Seed 001's {@code SimpleDate}: day, month name, year. */
public class SimpleDate implements Serializable {
    private static final long serialVersionUID = 1L;
    private long day;
    private String month;
    private long year;

    public SimpleDate() {}

    public SimpleDate(long day, String month, long year) {
        this.day = day;
        this.month = month;
        this.year = year;
    }

    public long getDay() {
        return day;
    }

    public void setDay(long day) {
        this.day = day;
    }

    public String getMonth() {
        return month;
    }

    public void setMonth(String month) {
        this.month = month;
    }

    public long getYear() {
        return year;
    }

    public void setYear(long year) {
        this.year = year;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SimpleDate d && day == d.day && year == d.year && Objects.equals(month, d.month);
    }

    @Override
    public int hashCode() {
        return Objects.hash(day, month, year);
    }
}
