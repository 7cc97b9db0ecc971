// Feature flags: rules evaluated against a user context, with caching.
package com.example.flags

import java.time.Duration
import java.util.concurrent.ConcurrentHashMap
import kotlinx.coroutines.*
import kotlinx.serialization.Serializable as Ser

const val DEFAULT_TTL_SECONDS = 60L
val DEFAULT_TTL: Duration = Duration.ofSeconds(DEFAULT_TTL_SECONDS)

typealias Attributes = Map<String, String>

/** The user a flag is evaluated for. */
@Ser
data class UserContext(val id: String, val country: String?, val attributes: Attributes = emptyMap())

/** How a rule combines with the ones before it. */
enum class Combine {
    ALL,
    ANY;

    fun describe(): String = name.lowercase()
}

/** A rule decides whether a flag is on for a user. */
interface Rule {
    val name: String

    fun matches(user: UserContext): Boolean

    fun and(other: Rule): Rule = AllOf(listOf(this, other))
}

sealed class Decision {
    object On : Decision()
    object Off : Decision()
    data class Variant(val key: String) : Decision()
}

class CountryRule(private val countries: Set<String>) : Rule {
    override val name = "country"

    override fun matches(user: UserContext): Boolean = user.country in countries
}

class AllOf(private val rules: List<Rule>) : Rule {
    override val name: String
        get() = rules.joinToString(" & ") { it.name }

    override fun matches(user: UserContext): Boolean {
        return rules.all { it.matches(user) }
    }
}

/** Percentage rollout: a stable hash of the user id decides. */
class Rollout(val percent: Int) : Rule {
    init {
        require(percent in 0..100) { "percent must be within 0..100" }
    }

    constructor(fraction: Double) : this((fraction * 100).toInt())

    override val name get() = "rollout($percent%)"

    override fun matches(user: UserContext): Boolean = bucket(user.id) < percent

    companion object {
        const val BUCKETS = 100

        fun bucket(id: String): Int = Math.floorMod(id.hashCode(), BUCKETS)
    }
}

/** Evaluates flags and caches decisions per user. */
class FlagService(
    private val flags: Map<String, List<Rule>>,
    private val ttl: Duration = DEFAULT_TTL,
) {
    private val cache = ConcurrentHashMap<Pair<String, String>, CachedDecision>()

    private data class CachedDecision(val on: Boolean, val at: Long)

    fun isEnabled(flag: String, user: UserContext, combine: Combine = Combine.ALL): Boolean {
        val key = flag to user.id
        val now = System.currentTimeMillis()
        cache[key]?.let { if (now - it.at < ttl.toMillis()) return it.on }
        val rules = flags[flag] ?: return false
        val on = when (combine) {
            Combine.ALL -> rules.all { it.matches(user) }
            Combine.ANY -> rules.any { it.matches(user) }
        }
        cache[key] = CachedDecision(on, now)
        return on
    }

    suspend fun warm(users: List<UserContext>) = coroutineScope {
        users.map { user -> async { flags.keys.forEach { isEnabled(it, user) } } }.awaitAll()
    }

    inline fun <reified T : Rule> rulesOf(flag: String): List<T> =
        flags[flag].orEmpty().filterIsInstance<T>()

    fun clear() = cache.clear()
}

object Flags {
    const val NEW_CHECKOUT = "new-checkout"

    fun service(): FlagService = FlagService(mapOf(NEW_CHECKOUT to listOf(Rollout(10))))
}

fun UserContext.isDomestic(home: String): Boolean = country == home

fun <T> List<T>.second(): T? = if (size > 1) this[1] else null

private fun debugDump(service: FlagService, user: UserContext) {
    fun line(flag: String) = "$flag=${service.isEnabled(flag, user)}"
    println(line(Flags.NEW_CHECKOUT))
}
