"""TacticalAgent: plans each turn's two actions from exact dice odds and a position estimate.

Each legal action is scored as what it achieves now, plus the best follow-up action the turn
still allows, plus the worth of the position the turn ends in. A position is worth the attack
it sets up for the next turn, less the harm the enemies can do to it before then. Harm and
attack worth are in one unit: a combatant put out of the fight is 1 (weighted by how dangerous
it is), and damage that does not break counts half its share of what is left (agents/odds.py).

Behaviours that fall out of this, and the few rules laid on top:
- takes cover when enemy guns reach it, and aims when the extra dice beat the other uses of
  its fast action; shoots first and aims or ducks after when it is already aiming;
- focus fire: a target close to breaking is worth more, and a better hit chance (range, dim and
  dark zones, cover, armor) is counted exactly, so it picks the shot that does most;
- melee: engages and strikes, blocks a blow when the dice say it is worth a fast action,
  retreats (and shoots) when staying engaged costs more than the risky retreat;
- first aid to a Broken ally in its zone when no enemy is at its throat;
- pushes a roll (an action's, or an Insight roll against stress, STRESS-02) when the expected
  gain beats the expected cost of the push (PUSH-04..14);
- claims its Pride when that turns a failed attack or first aid into a success (DICE-13);
- goes through doors and forces locked ones on its way; goes for a reach-zone goal;
- overwatches a zone the enemy must cross when it has nothing to shoot;
- swaps initiative with a later ally who can strike now when it cannot.

The agent's code is agents/tactical_plan.py (the turn planner and the routing of decisions) and
agents/tactical_reactions.py (blocks, pushes, bursts), both compiled with the rules core in the
fast build (setup.py); this module is the Agent the registry builds.
"""

from __future__ import annotations

from yz_gym.agents.base import Agent
from yz_gym.agents.tactical_plan import decide
from yz_gym.agents.tactical_reactions import push_gain
from yz_gym.rulesets.yze.state import GameState
from yz_gym.rulesets.yze.zone.actions import Action

__all__ = ["TacticalAgent", "push_gain"]


class TacticalAgent(Agent):
    """Plans each turn from exact dice odds; see the module docstring for its behaviours."""

    name = "tactical"

    def choose(self, state: GameState, actions: list[Action]) -> Action:
        """The best-scoring legal action (ties go to the earlier action in `actions`)."""
        if len(actions) == 1:
            return actions[0]
        return decide(state, actions)
