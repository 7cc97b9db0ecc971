// Event sourcing for shopping carts: commands, events, and a replaying aggregate.
package com.example.carts

import java.time.Instant
import scala.collection.mutable
import scala.concurrent.{ExecutionContext, Future}
import scala.util.control.NonFatal
import cats.syntax.all._
import io.circe.generic.auto.*

/** Identifier types. */
type CartId = String
type Sku = String

/** What can happen to a cart. */
sealed trait Event {
  def cartId: CartId
  def at: Instant
}

final case class ItemAdded(cartId: CartId, sku: Sku, quantity: Int, at: Instant) extends Event
final case class ItemRemoved(cartId: CartId, sku: Sku, at: Instant) extends Event
case class CheckedOut(cartId: CartId, at: Instant) extends Event

enum CartStatus {
  case Open, CheckedOut, Abandoned
}

/** Persists and loads events. */
trait EventStore[F[_]] {
  def append(events: Seq[Event]): F[Unit]
  def load(cartId: CartId): F[Seq[Event]]

  def loadAll(ids: Seq[CartId])(implicit ec: ExecutionContext): Future[Map[CartId, Int]] =
    Future.successful(ids.map(_ -> 0).toMap)
}

/** A cart rebuilt from its events. */
class Cart private (val id: CartId) {
  private val items = mutable.Map.empty[Sku, Int]
  private var status: CartStatus = CartStatus.Open
  var version: Long = 0L

  def quantity(sku: Sku): Int = items.getOrElse(sku, 0)

  def isOpen: Boolean = status == CartStatus.Open

  def apply(event: Event): Cart = {
    event match {
      case ItemAdded(_, sku, q, _) => items.update(sku, quantity(sku) + q)
      case ItemRemoved(_, sku, _)  => items.remove(sku)
      case CheckedOut(_, _)        => status = CartStatus.CheckedOut
    }
    version += 1
    this
  }

  def add(sku: Sku, quantity: Int, now: Instant): Either[String, Event] = {
    def validate(q: Int): Either[String, Int] =
      if (q <= 0) Left("quantity must be positive") else Right(q)

    if (!isOpen) Left(s"cart $id is not open")
    else validate(quantity).map(q => ItemAdded(id, sku, q, now))
  }

  override def toString: String = s"Cart($id, $items, $status)"
}

object Cart {
  val MaxItems = 100
  final val DefaultCurrency: String = "EUR"
  lazy val empty: Cart = new Cart("empty")
  private var created = 0

  def replay(id: CartId, events: Seq[Event]): Cart = {
    created += 1
    events.foldLeft(new Cart(id))(_ apply _)
  }

  implicit class CartOps(private val cart: Cart) extends AnyVal {
    def isEmptyCart: Boolean = cart.version == 0
  }
}

abstract class Projection[A](name: String) {
  def zero: A
  def step(state: A, event: Event): A

  final def run(events: Iterable[Event]): A =
    events.foldLeft(zero)(step)
}

object ItemCount extends Projection[Int]("item-count") {
  def zero: Int = 0
  def step(state: Int, event: Event): Int = event match {
    case ItemAdded(_, _, q, _) => state + q
    case _                     => state
  }
}

extension (events: Seq[Event]) {
  def forCart(id: CartId): Seq[Event] = events.filter(_.cartId == id)
}

def safely[A](body: => A): Option[A] =
  try Some(body)
  catch { case NonFatal(_) => None }
