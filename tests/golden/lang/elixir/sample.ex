defmodule Shortener.Links do
  @moduledoc """
  Short links: creation, lookup with a read-through cache, and click counting.
  """

  use GenServer
  import Ecto.Query, only: [from: 2]
  alias Shortener.{Repo, Cache}
  alias Shortener.Links.Link, as: LinkSchema
  require Logger

  @code_length 7
  @alphabet ~c"23456789abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ"
  @flush_interval :timer.seconds(30)

  @type code :: String.t()
  @typep counts :: %{optional(code()) => non_neg_integer()}

  defmodule Link do
    @moduledoc false
    use Ecto.Schema

    schema "links" do
      field :code, :string
      field :url, :string
      field :clicks, :integer, default: 0
      timestamps()
    end
  end

  defmodule Error do
    defexception [:reason, :code]

    @impl true
    def message(%{reason: reason, code: code}), do: "link #{code}: #{reason}"
  end

  defstruct pending: %{}, timer: nil

  defguard is_code(value) when is_binary(value) and byte_size(value) == @code_length

  # Public API

  def start_link(opts \\ []) do
    GenServer.start_link(__MODULE__, opts, name: Keyword.get(opts, :name, __MODULE__))
  end

  @spec create(String.t()) :: {:ok, LinkSchema.t()} | {:error, Ecto.Changeset.t()}
  def create(url) when is_binary(url) do
    %LinkSchema{code: generate_code(), url: url}
    |> Ecto.Changeset.change()
    |> Ecto.Changeset.validate_format(:url, ~r{^https?://})
    |> Repo.insert()
  end

  @spec resolve(code()) :: {:ok, String.t()} | {:error, :not_found}
  def resolve(code) when is_code(code) do
    case Cache.fetch(code, fn -> lookup(code) end) do
      nil -> {:error, :not_found}
      url -> {:ok, url}
    end
  end

  def resolve(_code), do: {:error, :not_found}

  def click(server \\ __MODULE__, code), do: GenServer.cast(server, {:click, code})

  defdelegate purge(code), to: Cache, as: :delete

  defmacro with_link(code, do: block) do
    quote do
      case unquote(__MODULE__).resolve(unquote(code)) do
        {:ok, var!(url)} -> unquote(block)
        error -> error
      end
    end
  end

  # GenServer callbacks

  @impl true
  def init(_opts) do
    {:ok, schedule_flush(%__MODULE__{})}
  end

  @impl true
  def handle_cast({:click, code}, state) do
    {:noreply, %{state | pending: Map.update(state.pending, code, 1, &(&1 + 1))}}
  end

  @impl true
  def handle_info(:flush, %__MODULE__{pending: pending} = state) do
    flush(pending)
    {:noreply, schedule_flush(%{state | pending: %{}})}
  end

  # Internals

  defp lookup(code) do
    Repo.one(from l in LinkSchema, where: l.code == ^code, select: l.url)
  end

  @spec flush(counts()) :: :ok
  defp flush(pending) when map_size(pending) == 0, do: :ok

  defp flush(pending) do
    Enum.each(pending, fn {code, count} ->
      from(l in LinkSchema, where: l.code == ^code)
      |> Repo.update_all(inc: [clicks: count])
    end)

    Logger.debug("flushed #{map_size(pending)} click counters")
  end

  defp schedule_flush(state) do
    %{state | timer: Process.send_after(self(), :flush, @flush_interval)}
  end

  defp generate_code do
    for _ <- 1..@code_length, into: "", do: <<Enum.random(@alphabet)>>
  end
end

defprotocol Shortener.Exportable do
  @doc "Renders a link for export."
  def export(link, format)
end

defimpl Shortener.Exportable, for: Shortener.Links.Link do
  def export(link, :csv), do: Enum.join([link.code, link.url, link.clicks], ",")
  def export(link, :json), do: Jason.encode!(Map.take(link, [:code, :url, :clicks]))
end
