<?php

declare(strict_types=1);

namespace Acme\Billing;

use Acme\Billing\Contracts\{Gateway, Notifier};
use Acme\Support\Clock as SystemClock;
use Psr\Log\LoggerInterface;
use function Acme\Support\money_format;
use const Acme\Support\DEFAULT_CURRENCY;

require_once __DIR__ . '/../vendor/autoload.php';
require 'config/billing.php';
include_once dirname(__DIR__) . "/helpers.php";

const INVOICE_PREFIX = 'INV-';
define('BILLING_VERSION', '3.2.0');

#[\Attribute(\Attribute::TARGET_METHOD)]
final class Audited
{
    public function __construct(public string $reason = '')
    {
    }
}

interface Billable
{
    public function billingEmail(): string;

    public function currency(): string;
}

trait HasTimestamps
{
    protected ?\DateTimeImmutable $createdAt = null;

    public function touch(SystemClock $clock): void
    {
        $this->createdAt = $clock->now();
    }

    public function createdAt(): ?\DateTimeImmutable
    {
        return $this->createdAt;
    }
}

enum InvoiceStatus: string
{
    case Draft = 'draft';
    case Sent = 'sent';
    case Paid = 'paid';

    public function isFinal(): bool
    {
        return $this === self::Paid;
    }
}

abstract class Document implements \JsonSerializable
{
    use HasTimestamps;

    public const SCHEMA_VERSION = 2;

    abstract public function number(): string;

    public function jsonSerialize(): array
    {
        return ['number' => $this->number(), 'schema' => static::SCHEMA_VERSION];
    }
}

final class Invoice extends Document
{
    private array $lines = [];

    public function __construct(
        private readonly string $id,
        private readonly Billable $customer,
        private InvoiceStatus $status = InvoiceStatus::Draft,
    ) {
    }

    public static function draft(Billable $customer): self
    {
        return new self(uniqid(INVOICE_PREFIX, true), $customer);
    }

    public function number(): string
    {
        return INVOICE_PREFIX . strtoupper(substr($this->id, -8));
    }

    public function addLine(string $description, int $cents, int $quantity = 1): static
    {
        $this->lines[] = compact('description', 'cents', 'quantity');
        return $this;
    }

    public function total(): int
    {
        return array_sum(array_map(fn (array $line): int => $line['cents'] * $line['quantity'], $this->lines));
    }

    #[Audited('moves money')]
    public function send(Gateway $gateway, Notifier $notifier, LoggerInterface $logger): void
    {
        $charge = function (int $amount) use ($gateway): string {
            return $gateway->charge($this->customer->billingEmail(), $amount, $this->customer->currency());
        };
        $reference = $charge($this->total());
        $this->status = InvoiceStatus::Sent;
        $notifier->notify($this->customer->billingEmail(), "Invoice {$this->number()} sent ({$reference})");
        $logger->info('invoice sent', ['invoice' => $this->number()]);
    }
}

function format_total(Invoice $invoice, string $currency = DEFAULT_CURRENCY): string
{
    return money_format($invoice->total(), $currency);
}

function load_gateway(string $name): Gateway
{
    $class = match ($name) {
        'stripe' => StripeGateway::class,
        default => throw new \InvalidArgumentException("unknown gateway {$name}"),
    };
    return new $class();
}

if (!function_exists(__NAMESPACE__ . '\\cents')) {
    function cents(float $amount): int
    {
        return (int) round($amount * 100);
    }
}
