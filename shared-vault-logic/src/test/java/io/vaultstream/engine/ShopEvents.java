package io.vaultstream.engine;

import static io.vaultstream.testing.EventFactory.at;
import static io.vaultstream.testing.EventFactory.row;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.testing.EventFactory;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/** Events of the shop model the shop vault contracts load. */
final class ShopEvents {
  private ShopEvents() {}

  /** A customer with every column set; updated_at is 2024-01-01 plus id seconds. */
  static ChangeEvent customer(
      EventFactory ev,
      String op,
      long t,
      long id,
      String no,
      String name,
      String email,
      String city) {
    return ev.event(
        "customers",
        op,
        t,
        row(
            "id",
            id,
            "customer_no",
            no,
            "name",
            name,
            "email",
            email,
            "city",
            city,
            "updated_at",
            Instant.ofEpochSecond(1_704_067_200L + id)));
  }

  /** A customer, a product, a status, an order of the customer with one line, and its payment. */
  static List<ChangeEvent> firstOrder(EventFactory ev) {
    long t = at(0);
    return List.of(
        customer(ev, "c", t, 1, "C1", "Ann", "ann@example.com", "Hamburg"),
        ev.event(
            "products",
            "c",
            t,
            row("id", 10L, "sku", "SKU-10", "name", "Lamp", "price", new BigDecimal("9.90"))),
        ev.event("order_status", "c", t, row("code", "NEW", "description", "New order")),
        ev.event(
            "orders",
            "c",
            at(1),
            row(
                "id",
                100L,
                "order_no",
                "O100",
                "customer_id",
                1L,
                "ordered_at",
                Instant.parse("2026-01-01T00:00:01Z"),
                "status",
                "NEW")),
        ev.event(
            "order_lines",
            "c",
            at(1),
            row(
                "order_id",
                100L,
                "line_no",
                1,
                "product_id",
                10L,
                "qty",
                3,
                "amount",
                new BigDecimal("29.70"))),
        ev.event(
            "payments",
            "c",
            at(2),
            row(
                "id",
                500L,
                "order_id",
                100L,
                "paid_at",
                Instant.parse("2026-01-01T00:00:02Z"),
                "amount",
                new BigDecimal("29.70"),
                "method",
                "card")));
  }
}
