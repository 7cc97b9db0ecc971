// Image cache: memory + disk tiers with a download pipeline.
import Foundation
import UIKit
@testable import ImageKit
import struct CoreGraphics.CGSize

let defaultMemoryLimit = 64 * 1024 * 1024
private let cacheDirectoryName = "images"

typealias ImageKey = String
typealias Completion<T> = (Result<T, CacheError>) -> Void

/// Errors the cache can report.
enum CacheError: Error, Equatable {
    case notFound(ImageKey)
    case decodingFailed
    case network(code: Int)

    var isRetryable: Bool {
        if case .network(let code) = self { return code >= 500 }
        return false
    }
}

/// A storage tier.
protocol CacheTier: AnyObject {
    associatedtype Value
    var name: String { get }

    func value(for key: ImageKey) -> Value?
    func store(_ value: Value, for key: ImageKey)
    func removeAll()
}

/// Size and age limits of a tier.
struct Limits: Hashable {
    static let unlimited = Limits(bytes: .max, age: .infinity)

    var bytes: Int
    var age: TimeInterval

    init(bytes: Int, age: TimeInterval = 3600) {
        self.bytes = bytes
        self.age = age
    }

    func allows(size: Int) -> Bool {
        size <= bytes
    }
}

final class MemoryTier: CacheTier {
    typealias Value = UIImage

    let name = "memory"
    private let storage = NSCache<NSString, UIImage>()

    init(limits: Limits) {
        storage.totalCostLimit = limits.bytes
    }

    func value(for key: ImageKey) -> UIImage? {
        storage.object(forKey: key as NSString)
    }

    func store(_ value: UIImage, for key: ImageKey) {
        storage.setObject(value, forKey: key as NSString)
    }

    func removeAll() {
        storage.removeAllObjects()
    }
}

/// Loads images, consulting the tiers first.
@MainActor
public class ImageCache {
    public static let shared = ImageCache()

    private let memory: MemoryTier
    private var inFlight: [ImageKey: Task<UIImage, Error>] = [:]

    public init(limits: Limits = Limits(bytes: defaultMemoryLimit)) {
        memory = MemoryTier(limits: limits)
    }

    deinit {
        memory.removeAll()
    }

    public func image(for url: URL) async throws -> UIImage {
        let key = url.absoluteString
        if let cached = memory.value(for: key) {
            return cached
        }
        if let running = inFlight[key] {
            return try await running.value
        }
        let task = Task { try await Self.download(url) }
        inFlight[key] = task
        defer { inFlight[key] = nil }
        let image = try await task.value
        memory.store(image, for: key)
        return image
    }

    private static func download(_ url: URL) async throws -> UIImage {
        let (data, _) = try await URLSession.shared.data(from: url)
        guard let image = UIImage(data: data) else {
            throw CacheError.decodingFailed
        }
        return image
    }

    subscript(key: ImageKey) -> UIImage? {
        memory.value(for: key)
    }

    struct Statistics {
        var hits = 0
        var misses = 0
    }
}

extension ImageCache {
    func prefetch(_ urls: [URL]) {
        for url in urls {
            Task { _ = try? await image(for: url) }
        }
    }
}

actor DownloadCounter {
    private var count = 0

    func increment() -> Int {
        count += 1
        return count
    }
}

func cacheKey(for url: URL, size: CGSize) -> ImageKey {
    "\(url.absoluteString)@\(Int(size.width))x\(Int(size.height))"
}

func resized<Image: AnyObject>(_ image: Image, to size: CGSize) -> Image where Image: UIImage {
    func scale(_ value: CGFloat) -> CGFloat { value * UIScreen.main.scale }
    _ = scale(size.width)
    return image
}
