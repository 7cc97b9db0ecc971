// Billing: invoices, line items and a small pricing engine.
using System;
using System.Collections.Generic;
using System.Linq;
using static System.Math;
using Money = System.Decimal;
global using System.Threading.Tasks;

namespace Acme.Billing
{
    /// <summary>How an invoice is paid.</summary>
    public enum PaymentMethod
    {
        Card,
        BankTransfer,
        Invoice = 10,
    }

    /// <summary>Raised when an invoice changes state.</summary>
    public delegate void InvoiceChanged(Invoice invoice, string reason);

    /// <summary>Something that can compute a price.</summary>
    public interface IPricingRule
    {
        string Name { get; }

        Money Apply(Money amount, LineItem item);

        bool AppliesTo(LineItem item) => true;
    }

    /// <summary>A single line of an invoice.</summary>
    public readonly record struct LineItem(string Sku, int Quantity, Money UnitPrice)
    {
        public Money Total => Quantity * UnitPrice;
    }

    public record Customer(string Id, string Name, string? VatNumber);

    [Serializable]
    public struct Period
    {
        public DateTime From;
        public DateTime To;

        public Period(DateTime from, DateTime to)
        {
            From = from;
            To = to;
        }

        public bool Contains(DateTime when) => when >= From && when < To;
    }

    /// <summary>An invoice with its lines and totals.</summary>
    public sealed class Invoice : IComparable<Invoice>
    {
        public const int MaxLines = 500;
        public const string CurrencyCode = "EUR";
        private static readonly TimeSpan PaymentTerm = TimeSpan.FromDays(30);

        private readonly List<LineItem> _lines = new();

        public event InvoiceChanged? Changed;

        public Invoice(Customer customer, DateTime issued)
        {
            Customer = customer;
            Issued = issued;
        }

        public Customer Customer { get; }
        public DateTime Issued { get; }
        public DateTime Due => Issued + PaymentTerm;
        public IReadOnlyList<LineItem> Lines => _lines;

        public LineItem this[int index] => _lines[index];

        public void Add(LineItem line)
        {
            if (_lines.Count >= MaxLines)
            {
                throw new InvalidOperationException($"an invoice holds at most {MaxLines} lines");
            }
            _lines.Add(line);
            Changed?.Invoke(this, "line added");
        }

        public Money Subtotal() => _lines.Sum(l => l.Total);

        public int CompareTo(Invoice? other) => other is null ? 1 : Issued.CompareTo(other.Issued);

        public static Invoice operator +(Invoice invoice, LineItem line)
        {
            invoice.Add(line);
            return invoice;
        }

        ~Invoice()
        {
            Changed = null;
        }

        /// <summary>Totals broken down by tax rate.</summary>
        public class Breakdown
        {
            public Dictionary<decimal, Money> ByRate { get; } = new();

            internal void Add(decimal rate, Money amount)
            {
                ByRate[rate] = ByRate.TryGetValue(rate, out var sum) ? sum + amount : amount;
            }
        }
    }

    namespace Rules
    {
        /// <summary>Takes a percentage off lines that match a predicate.</summary>
        public class PercentageDiscount : IPricingRule
        {
            private readonly decimal _percent;
            private readonly Func<LineItem, bool> _filter;

            public PercentageDiscount(decimal percent, Func<LineItem, bool> filter)
            {
                _percent = percent;
                _filter = filter;
            }

            public string Name => $"{_percent}% off";

            public Money Apply(Money amount, LineItem item) =>
                _filter(item) ? Round(amount * (1 - _percent / 100m), 2) : amount;
        }
    }

    public static class PricingEngine
    {
        private const decimal DefaultVat = 0.21m;

        public static async Task<Money> PriceAsync<TRule>(Invoice invoice, IEnumerable<TRule> rules)
            where TRule : IPricingRule
        {
            await Task.Yield();
            Money total = 0;
            foreach (var line in invoice.Lines)
            {
                total += PriceLine(line);
            }
            return total * (1 + DefaultVat);

            Money PriceLine(LineItem line)
            {
                Money amount = line.Total;
                foreach (var rule in rules.Where(r => r.AppliesTo(line)))
                {
                    amount = rule.Apply(amount, line);
                }
                return amount;
            }
        }

        internal static string Describe(this Invoice invoice) =>
            $"{invoice.Customer.Name}: {invoice.Lines.Count} lines due {invoice.Due:d}";
    }
}
