# frozen_string_literal: true

require "json"
require "net/http"
require 'digest/sha2'
require_relative "support/retry"
require_relative "../config/feeds"

# Fetches remote RSS/JSON feeds, normalises their entries and caches them on disk.
module FeedReader
  VERSION = "1.4.0"
  DEFAULT_TTL = 15 * 60
  USER_AGENT = "feed-reader/#{VERSION}".freeze

  Entry = Struct.new(:id, :title, :url, :published_at, keyword_init: true)

  class Error < StandardError; end
  class FetchError < Error
    attr_reader :status

    def initialize(status, message = nil)
      @status = status
      super(message || "HTTP #{status}")
    end
  end

  # Where fetched documents are kept between runs.
  class Cache
    def initialize(dir, ttl: DEFAULT_TTL)
      @dir = dir
      @ttl = ttl
    end

    def fetch(key)
      path = path_for(key)
      return yield unless fresh?(path)

      File.read(path)
    end

    def store(key, body)
      File.write(path_for(key), body)
      body
    end

    private

    def path_for(key)
      File.join(@dir, Digest::SHA256.hexdigest(key))
    end

    def fresh?(path)
      File.exist?(path) && Time.now - File.mtime(path) < @ttl
    end
  end

  class Feed
    include Support::Retry
    extend Forwardable

    attr_accessor :url, :format
    def_delegators :entries, :size, :each

    class << self
      def from_config(name)
        settings = Config::FEEDS.fetch(name)
        new(settings[:url], format: settings.fetch(:format, :json))
      end

      def registry
        @registry ||= {}
      end
    end

    def self.register(name, feed)
      registry[name] = feed
    end

    def initialize(url, format: :json, cache: Cache.new(Dir.tmpdir))
      @url = url
      @format = format
      @cache = cache
    end

    def entries
      @entries ||= parse(@cache.fetch(url) { @cache.store(url, download) })
    end

    def <=>(other)
      url <=> other.url
    end

    def ==(other)
      other.is_a?(Feed) && other.url == url
    end

    protected

    def download
      with_retries(attempts: 3) do
        response = Net::HTTP.get_response(URI(url), "User-Agent" => USER_AGENT)
        raise FetchError.new(response.code.to_i) unless response.is_a?(Net::HTTPSuccess)

        response.body
      end
    end

    private def parse(body)
      case format
      when :json then parse_json(body)
      else raise ArgumentError, "unsupported format #{format.inspect}"
      end
    end

    def parse_json(body)
      JSON.parse(body, symbolize_names: true).fetch(:items, []).map do |item|
        Entry.new(id: item[:id], title: item[:title], url: item[:url], published_at: item[:date])
      end
    end
  end

  module Formatting
    module_function

    def headline(entry, width: 72)
      entry.title.to_s.strip[0, width]
    end
  end

  def self.latest(names, limit: 10)
    names.flat_map { |name| Feed.from_config(name).entries }
         .sort_by { |entry| entry.published_at.to_s }
         .last(limit)
  end
end

def main(argv = ARGV)
  FeedReader.latest(argv).each { |entry| puts FeedReader::Formatting.headline(entry) }
end

main if $PROGRAM_NAME == __FILE__
